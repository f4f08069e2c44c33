// `toolsift hints write` end to end: a tiny node script as the model (--with command), and the
// real Anthropic and OpenAI SDKs against a loopback model server; `eval --hints` reads the file.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE } from "../../src/cli/main.js";
import { startLoopback, type Loopback } from "../adapters/loopback.js";
import { runCli as run } from "../helpers/cli.js";

const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-hints-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

let files = 0;
function file(name: string, value: unknown): string {
  const path = join(folder, `${files++}-${name}`);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

const CANARY = "CANARY-cli-5d21";
const catalogue = [
  { id: "calendar__freebusy", description: "Query the availability of calendars." },
  { id: "image__resize", description: "Resize an image to given dimensions." },
  { id: "mail__send", description: "Send an email message." },
  { id: "evil__helper", origin: "remote", description: `Helps. ${CANARY}`, jsonInputSchema: { type: "object", properties: { city: { type: "string", description: CANARY } } } },
];
const answers: Record<string, unknown> = {
  calendar__freebusy: { en: ["who is free on thursday", "is anna free at three"], ru: ["кто свободен в четверг"], zh: ["周四谁有空"] },
  image__resize: { en: ["shrink this photo", "make the picture smaller"], ru: ["уменьшить фото"], zh: ["缩小图片"] },
  mail__send: { en: ["email my boss", "send a message"], ru: ["отправить письмо"], zh: ["发邮件"] },
  evil__helper: { en: ["help me"], ru: [], zh: [] },
};

// The model: reads the prompt on stdin, logs the tool it was asked about, answers from the table
// (prose around the object, as models do); "bad" tools get a malformed answer.
const model = file("model.mjs", `
import { appendFileSync, readFileSync } from "node:fs";
const prompt = readFileSync(0, "utf8");
const tool = /^Tool name: (.*)$/m.exec(prompt)[1];
if (tool.startsWith("probe")) {
  // What an interrupted run would leave: the output as saved so far.
  let saved = "none";
  try { saved = String(Object.keys(JSON.parse(readFileSync(process.argv[4], "utf8")).tools).length); } catch {}
  appendFileSync(process.argv[2], "probe saw " + saved + "\\n");
} else appendFileSync(process.argv[2], tool + "\\n");
const answers = JSON.parse(readFileSync(process.argv[3], "utf8"));
if (tool.startsWith("bad")) process.stdout.write("{ not json");
else if (tool.startsWith("crash")) { process.stderr.write("model out of order\\n"); process.exit(3); }
else process.stdout.write("Here they are:\\n" + JSON.stringify(answers[tool] ?? { en: ["do the thing"] }) + "\\nDone.");
`);
const answersFile = file("answers.json", answers);

function commandModel(output = ""): { command: string; log: string; calls: () => string[] } {
  const log = file("calls.log", "");
  return { command: `"${process.execPath}" "${model}" "${log}" "${answersFile}" "${output}"`, log, calls: () => readFileSync(log, "utf8").split("\n").filter((line) => line.length > 0) };
}

describe("toolsift hints write --with command", () => {
  it("writes a hints file, reruns only what changed, and eval --hints applies it", async () => {
    const tools = file("tools.json", catalogue);
    const output = join(folder, "hints.json");
    const { command, calls } = commandModel();
    const first = await run(["hints", "write", "--tools", tools, "-o", output, "--with", "command", "--command", command, "--model", "script-1"]);
    // The command reports no tokens: they are estimated, 4 characters a token.
    expect(first.stdout).toMatch(/^wrote .*hints\.json: 4 tools, 4 written, 0 kept, 0 failed, 0 skipped \(4 calls, \d+ tokens\)\n$/u);
    expect(first).toMatchObject({ code: EXIT_OK });
    expect(first.stderr.split("\n").filter(Boolean)).toEqual(["hints: 1/4 written, 0 failed", "hints: 2/4 written, 0 failed", "hints: 3/4 written, 0 failed", "hints: 4/4 written, 0 failed"]);
    expect(calls()).toEqual(["calendar__freebusy", "image__resize", "mail__send", "evil__helper"]);
    const hints = JSON.parse(readFileSync(output, "utf8")) as { format: string; version: number; tools: Record<string, Record<string, unknown>> };
    expect(hints).toMatchObject({ format: "toolsift.hints", version: 1 });
    expect(Object.keys(hints.tools)).toEqual(["calendar__freebusy", "image__resize", "mail__send", "evil__helper"]);
    expect(hints.tools["image__resize"]).toMatchObject({ prompt: "1", model: "script-1", ...answers["image__resize"] as object });

    // Change one tool: only it is asked again.
    const changed = file("tools.json", catalogue.map((tool) => (tool.id === "mail__send" ? { ...tool, description: "Send an email to someone." } : tool)));
    const second = await run(["hints", "write", "--tools", changed, "-o", output, "--with", "command", "--command", command, "--model", "script-1"]);
    expect(second.stdout).toMatch(/: 4 tools, 1 written, 3 kept, 0 failed, 0 skipped \(1 calls, /u);
    expect(calls()).toEqual(["calendar__freebusy", "image__resize", "mail__send", "evil__helper", "mail__send"]);

    // eval --hints reads a hints file as it reads an annotations file.
    const queries = file("queries.json", [
      { query: "who is free on thursday", relevant: ["calendar__freebusy"] },
      { query: "shrink this photo", relevant: ["image__resize"] },
      { query: "email my boss", relevant: ["mail__send"] },
    ]);
    const before = await run(["eval", "--tools", changed, "--queries", queries, "--json"]);
    const after = await run(["eval", "--tools", changed, "--queries", queries, "--json", "--hints", output]);
    expect(after).toMatchObject({ code: EXIT_OK, stderr: "" });
    expect(JSON.parse(before.stdout)["ndcg@10"]).toBeLessThan(1);
    expect(JSON.parse(after.stdout)["ndcg@10"]).toBe(1);
  });

  it("reports a failed tool as a warning, escaped, and keeps going", async () => {
    const tools = file("tools.json", [{ id: "bad\u001b[2Jtool", description: "Bad." }, { id: "crash_tool", description: "Crash." }, { id: "fine_tool", description: "Fine." }]);
    const output = join(folder, "failing.json");
    const { command } = commandModel();
    const result = await run(["hints", "write", "--tools", tools, "-o", output, "--with", "command", "--command", command]);
    expect(result.code).toBe(EXIT_OK);
    expect(result.stdout).toMatch(/: 3 tools, 1 written, 0 kept, 2 failed, 0 skipped/u);
    expect(result.stderr).toContain("toolsift: warning: hint_malformed: bad\\u001b[2Jtool: the answer holds no JSON object\n");
    expect(result.stderr).toContain("toolsift: warning: hint_error: crash_tool: Error: the command exited with 3: model out of order\n");
    expect(result.stderr).not.toContain("\u001b");
    expect(Object.keys((JSON.parse(readFileSync(output, "utf8")) as { tools: object }).tools)).toEqual(["fine_tool"]);
  });

  it("stops after five requests in a row fail, and honours --budget-calls", async () => {
    const tools = file("tools.json", Array.from({ length: 8 }, (_, i) => ({ id: `crash_${i}`, description: "Crash." })));
    const { command, calls } = commandModel();
    const output = join(folder, "crashing.json");
    const result = await run(["hints", "write", "--tools", tools, "-o", output, "--with", "command", "--command", command]);
    expect(calls()).toHaveLength(5);
    expect(result.stderr).toContain("toolsift: warning: stopped after 5 failed requests in a row");
    expect(result.stdout).toMatch(/: 8 tools, 0 written, 0 kept, 5 failed, 3 skipped/u);
    const budget = commandModel();
    const limited = await run(["hints", "write", "--tools", file("tools.json", catalogue), "-o", join(folder, "budget.json"), "--with", "command", "--command", budget.command, "--budget-calls", "2", "--languages", "en", "--count", "1"]);
    expect(limited.stdout).toMatch(/: 4 tools, 2 written, 0 kept, 0 failed, 2 skipped \(2 calls/u);
    expect(limited.stderr).toContain("toolsift: warning: the budget is spent; 2 tools were not asked (rerun to go on)");
    expect(JSON.parse(readFileSync(join(folder, "budget.json"), "utf8")).tools["calendar__freebusy"]).toMatchObject({ en: ["who is free on thursday"] });
  });

  it("saves the file every 10 new entries during a run, so an interrupted run loses at most 10", async () => {
    const ids = [...Array.from({ length: 9 }, (_, i) => `tool_${i}`), "probe_a", ...Array.from({ length: 3 }, (_, i) => `tool_${9 + i}`), "probe_b"];
    const tools = file("tools.json", ids.map((id) => ({ id, description: `Tool ${id}.` })));
    const output = join(folder, "saved.json");
    const { command, calls } = commandModel(output);
    const result = await run(["hints", "write", "--tools", tools, "-o", output, "--with", "command", "--command", command]);
    expect(result.code).toBe(EXIT_OK);
    // probe_a is the 10th tool: nothing saved yet; probe_b comes after the 10th entry was saved.
    expect(calls().filter((line) => line.startsWith("probe"))).toEqual(["probe saw none", "probe saw 10"]);
    expect(Object.keys((JSON.parse(readFileSync(output, "utf8")) as { tools: object }).tools)).toEqual(ids);
  });

  it("refuses to overwrite a file that is not a hints file, and bad usage", async () => {
    const tools = file("tools.json", catalogue);
    const annotations = file("annotations.json", { calendar__freebusy: { aliases: ["free"] } });
    const { command, calls } = commandModel();
    const refused = await run(["hints", "write", "--tools", tools, "-o", annotations, "--with", "command", "--command", command]);
    expect(refused).toMatchObject({ code: EXIT_BAD_INPUT, stderr: `toolsift: invalid_hints: hints file ${annotations}: format must be "toolsift.hints"\n` });
    expect(readFileSync(annotations, "utf8")).toBe('{"calendar__freebusy":{"aliases":["free"]}}');
    expect(calls()).toEqual([]);
    expect((await run(["hints", "write", "--tools", tools, "-o", "x.json"])).code).toBe(EXIT_USAGE);
    expect((await run(["hints", "write", "--tools", tools, "-o", "x.json", "--with", "gemini"])).stderr).toBe("toolsift: --with must be anthropic, openai, command, got gemini\n");
    expect((await run(["hints", "write", "--tools", tools, "-o", "x.json", "--with", "command"])).stderr).toBe('toolsift: hints write --with command needs --command "<shell command>"\n');
    expect((await run(["hints", "write", "--tools", tools, "-o", "x.json", "--with", "command", "--command", command, "--languages", "en,de"])).stderr).toBe("toolsift: --languages takes a comma-separated list of en, ru, zh, got en,de\n");
    expect((await run(["hints", "write", "--tools", tools, "-o", "x.json", "--with", "command", "--command", command, "--count", "9"])).stderr).toBe("toolsift: invalid_option: writeHints: count must be a whole number from 1 to 8, got 9\n");
    expect((await run(["hints", "read"])).stderr).toBe("toolsift: unknown subcommand hints read; the subcommand is write\n");
    expect((await run(["hints", "write", "--tools", tools, "-o", "x.json", "--with", "anthropic", "--model", "m"])).stderr).toBe("toolsift: invalid_option: --with anthropic needs the API key in ANTHROPIC_API_KEY\n");
    expect((await run(["hints", "write", "--tools", tools, "-o", "x.json", "--with", "openai"])).stderr).toBe("toolsift: hints write --with openai needs --model <name>\n");
    expect(existsSync("x.json")).toBe(false);
  });
});

describe("toolsift hints write --with anthropic | openai, against a loopback model server", () => {
  it("--with anthropic uses ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL; un-vouched text stays out unless --trust", async () => {
    const server = await startLoopback(() => [], (body) => {
      const prompt = (body["messages"] as { content: string }[])[0]!.content;
      const tool = /^Tool name: (.*)$/mu.exec(prompt)![1]!;
      return { id: "msg", type: "message", role: "assistant", model: "claude-loop", content: [{ type: "text", text: JSON.stringify(answers[tool]) }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 400, output_tokens: 100 } };
    }, (message) => ({ type: "error", error: { type: "invalid_request_error", message } }));
    servers.push(server);
    const tools = file("tools.json", catalogue);
    const output = join(folder, "anthropic.json");
    const env = { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.url };
    const result = await run(["hints", "write", "--tools", tools, "-o", output, "--with", "anthropic", "--model", "claude-asked"], { env });
    expect(result).toMatchObject({ code: EXIT_OK, stdout: `wrote ${output}: 4 tools, 4 written, 0 kept, 0 failed, 0 skipped (4 calls, 2000 tokens)\n` });
    expect(server.bodies).toHaveLength(4);
    for (const raw of server.bodies) {
      expect(JSON.parse(raw)).toMatchObject({ model: "claude-asked" });
      expect(raw).not.toContain(CANARY);
    }
    expect((JSON.parse(readFileSync(output, "utf8")) as { tools: Record<string, object> }).tools["calendar__freebusy"]).toMatchObject({ model: "claude-loop", ...answers["calendar__freebusy"] as object });
    // --trust vouches for the remote tool: its text is shown, so only it changed and is asked again.
    const trusted = await run(["hints", "write", "--tools", tools, "-o", output, "--with", "anthropic", "--model", "claude-asked", "--trust"], { env });
    expect(trusted.stdout).toMatch(/: 4 tools, 1 written, 3 kept, /u);
    expect(server.bodies).toHaveLength(5);
    expect(server.bodies[4]).toContain(CANARY);
  });

  it("--with openai uses OPENAI_API_KEY and OPENAI_BASE_URL (Chat Completions)", async () => {
    const server = await startLoopback(() => [], (body) => {
      const prompt = (body["messages"] as { content: string }[])[0]!.content;
      const tool = /^Tool name: (.*)$/mu.exec(prompt)![1]!;
      return { id: "c", object: "chat.completion", created: 0, model: "gpt-loop", choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify(answers[tool]), refusal: null }, finish_reason: "stop", logprobs: null }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } };
    }, (message) => ({ error: { message, type: "invalid_request_error", param: null, code: null } }));
    servers.push(server);
    const output = join(folder, "openai.json");
    const result = await run(["hints", "write", "--tools", file("tools.json", catalogue), "-o", output, "--with", "openai", "--model", "gpt-asked"], { env: { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: `${server.url}/v1` } });
    expect(result).toMatchObject({ code: EXIT_OK, stdout: `wrote ${output}: 4 tools, 4 written, 0 kept, 0 failed, 0 skipped (4 calls, 60 tokens)\n` });
    expect(JSON.parse(server.bodies[0]!)).toMatchObject({ model: "gpt-asked" });
  });
});
