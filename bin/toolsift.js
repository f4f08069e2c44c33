#!/usr/bin/env node
// The toolsift command line. Runs the built package (npm run build creates dist/).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const streams = { stdout: process.stdout, stderr: process.stderr, env: process.env };

// A clone after `npm ci` (or a tarball packed without its build) has no dist/: say so in one
// line, in the command line's own error form, instead of Node's stack for a missing module.
const entry = new URL("../dist/cli/main.js", import.meta.url);
let cli;
try {
  cli = await import(entry.href);
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || existsSync(entry)) throw error;
  const folder = resolve(fileURLToPath(new URL("..", import.meta.url)));
  process.stderr.write(`toolsift: not_built: toolsift is not built: run npm run build in ${folder}\n`);
  process.exit(2);
}
const { main, reportOutside } = cli;

// A closed pipe (`toolsift … | head`) ends the output, not the process with a stack trace;
// any other write failure (`> /dev/full`) is one typed line and exit 2.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  process.exit(reportOutside(error, streams));
});
// main never rejects; anything escaping it anyway is an internal-error line (exit 70), with
// the stack under TOOLSIFT_DEBUG=1.
process.on("uncaughtException", (error) => process.exit(reportOutside(error, streams)));

process.exitCode = await main(process.argv.slice(2), streams);
