#!/usr/bin/env node
// `npm test`: every test, in order, with one closing summary; exits non-zero if anything failed.
//   1. build         npm run build (dist/ and build/ are not committed; the tests use dist/)
//   2. typecheck     npm run typecheck: src, test, bench, web, scripts and the config files
//                    (after the build: tests that import "toolsift" are checked against dist/)
//      lint          npm run lint: eslint's type-aware rules for unused code and floating promises
//   3. chromium      scripts/ensure-chromium.sh (installs Debian chromium when root and missing)
//   4. vitest        the node project (unit, property, bad input, memory, size, the Node and
//                    workerd runtime tests, and test/package: the README's install recipe from
//                    a fresh clone's tarball, offline) and the browser project (headless Chromium)
//   5. deno          `deno test` on test/runtimes/deno (a real Deno process)
//   6. e2e           Playwright on the playground's production build, in the system Chromium
// The last line is the plain count over every runner: "N passed, N failed".
// Extra arguments go to vitest, e.g. `npm test -- --project node`.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);
const vitestArgs = process.argv.slice(2);
const env = { ...process.env, DENO_NO_UPDATE_CHECK: "1" };
const results = [];

function run(command, args, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"] });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.on("error", (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function step(name, action) {
  process.stdout.write(`\n\u25b6 ${name}\n`);
  const started = performance.now();
  let outcome;
  try {
    outcome = await action();
  } catch (error) {
    outcome = { ok: false, detail: String(error) };
  }
  const seconds = (performance.now() - started) / 1000;
  results.push({ name, seconds, ...outcome });
  return outcome.ok;
}

function vitestCounts(file) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const projects = new Map();
    for (const suite of report.testResults ?? []) {
      // The JSON report has no project field; browser tests are the only ones under this path.
      const project = String(suite.name ?? "").includes("/test/runtimes/browser/") ? "browser" : "node";
      for (const test of suite.assertionResults ?? []) {
        const counts = projects.get(project) ?? { passed: 0, failed: 0, other: 0 };
        if (test.status === "passed") counts.passed += 1;
        else if (test.status === "failed") counts.failed += 1;
        else counts.other += 1;
        projects.set(project, counts);
      }
    }
    const parts = [`${report.numPassedTests} passed`, `${report.numFailedTests} failed`];
    if (report.numPendingTests + report.numTodoTests > 0) parts.push(`${report.numPendingTests + report.numTodoTests} skipped`);
    const perProject = [...projects].map(([name, counts]) => `${name} ${counts.passed}/${counts.passed + counts.failed + counts.other}`);
    return {
      text: `${parts.join(", ")} (${perProject.join(", ")})`,
      projects: [...projects.keys()],
      passed: report.numPassedTests,
      failed: report.numFailedTests,
    };
  } catch {
    return { text: "no vitest report", projects: [], passed: 0, failed: 1 };
  }
}

const built = await step("build", async () => {
  const { code } = await run("npm", ["run", "build"]);
  return { ok: code === 0, detail: code === 0 ? "dist/" : `npm run build exited ${code}` };
});

// A type error fails the run but does not stop it: the tests still say what works.
if (built) {
  await step("typecheck", async () => {
    const { code } = await run("npm", ["run", "typecheck"]);
    return { ok: code === 0, detail: code === 0 ? "tsc: root, web, browser tests" : `npm run typecheck exited ${code}` };
  });
  await step("lint", async () => {
    const { code } = await run("npm", ["run", "lint"]);
    return { ok: code === 0, detail: code === 0 ? "eslint: unused code, floating promises" : `npm run lint exited ${code}` };
  });
}

const chromium = await step("chromium", async () => {
  const { code } = await run("bash", [join(root, "scripts/ensure-chromium.sh")]);
  return { ok: code === 0, detail: code === 0 ? (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium") : "missing (see above); browser tests not run" };
});

if (built) {
  const projects = chromium ? ["node", "browser"] : ["node"];
  await step(`vitest (${projects.join(" + ")})`, async () => {
    const reportDirectory = mkdtempSync(join(tmpdir(), "toolsift-vitest-"));
    const reportFile = join(reportDirectory, "report.json");
    const projectArgs = vitestArgs.some((arg) => arg.startsWith("--project")) ? [] : projects.flatMap((name) => ["--project", name]);
    const { code } = await run(bin("vitest"), [
      "run",
      ...projectArgs,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reportFile}`,
      ...vitestArgs,
    ]);
    const counts = vitestCounts(reportFile);
    rmSync(reportDirectory, { recursive: true, force: true });
    return { ok: code === 0, detail: code === 0 ? counts.text : `vitest exited ${code}: ${counts.text}`, passed: counts.passed, failed: counts.failed };
  });

  await step("deno", async () => {
    const { code, output } = await run(
      bin("deno"),
      ["test", "--no-lock", "--allow-read=test", "test/runtimes/deno/"],
      { capture: true },
    );
    const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
    const summary = /(\d+) passed \| (\d+) failed/.exec(plain);
    const text = summary ? `${summary[1]} passed, ${summary[2]} failed` : "no deno summary";
    return {
      ok: code === 0,
      detail: code === 0 ? text : `deno test exited ${code}: ${text}`,
      passed: summary ? Number(summary[1]) : 0,
      failed: summary ? Number(summary[2]) : 1,
    };
  });

  if (chromium) {
    await step("e2e (playwright)", async () => {
      const { code, output } = await run(bin("playwright"), ["test"], { capture: true });
      const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
      const passed = Number(/(\d+) passed/.exec(plain)?.[1] ?? 0);
      const failed = Number(/(\d+) failed/.exec(plain)?.[1] ?? (code === 0 ? 0 : 1));
      return { ok: code === 0 && passed > 0, detail: `${passed} passed, ${failed} failed`, passed, failed };
    });
  }
} else {
  results.push({ name: "vitest", seconds: 0, ok: false, detail: "not run: the build failed" });
  results.push({ name: "deno", seconds: 0, ok: false, detail: "not run: the build failed" });
}

const total = results.reduce((sum, result) => sum + result.seconds, 0);
const failed = results.filter((result) => !result.ok);
const width = Math.max(...results.map((result) => result.name.length));
const rule = "\u2500".repeat(72);
process.stdout.write(`\n${rule}\n toolsift npm test summary\n${rule}\n`);
for (const result of results) {
  const status = result.ok ? "PASS" : "FAIL";
  process.stdout.write(` ${status}  ${result.name.padEnd(width)}  ${result.seconds.toFixed(1).padStart(6)} s  ${result.detail ?? ""}\n`);
}
process.stdout.write(`${rule}\n`);
process.stdout.write(
  failed.length === 0
    ? ` ALL PASSED: ${results.length} steps in ${total.toFixed(1)} s\n`
    : ` FAILED: ${failed.map((result) => result.name).join(", ")} (${total.toFixed(1)} s)\n`,
);
const passedTests = results.reduce((sum, result) => sum + (result.passed ?? 0), 0);
const failedTests = results.reduce((sum, result) => sum + (result.failed ?? 0), 0) + (failed.length > 0 && results.every((result) => !result.failed) ? 1 : 0);
process.stdout.write(`${passedTests} passed, ${failedTests} failed\n`);
process.exitCode = failed.length === 0 ? 0 : 1;
