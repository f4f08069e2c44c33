import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../index.js";
import { isToolsiftError } from "../errors.js";
import { InMemoryJournal } from "../journal/in-memory.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import type { ToolSearchConfig } from "./config.js";
import { createToolSearchSession, type ToolSearchSession } from "./session.js";
import type { ToolCallOutcome } from "./types.js";

const schema = { type: "object", properties: { id: { type: "string", description: "The record's id." } } };
const tool = (id: string, description = `Does ${id.replace(/[_.]/g, " ")}.`): ToolDefinition => ({ id, description, inputSchema: schema });

// billing: 3 tools, crm: 12 (a prefix group), calendar: 2 (lazy), ops: 4 (eager), and 3 ungrouped.
const catalogue: ToolDefinition[] = [
  ...["charge", "refund", "invoice"].map((verb) => tool(`billing_${verb}`)),
  ...Array.from({ length: 12 }, (_, i) => tool(`crm__contact_${String(i).padStart(2, "0")}`)),
  tool("calendar_create_event"),
  tool("calendar_list_events"),
  ...["restart", "deploy", "rollback", "status"].map((verb) => tool(`ops_${verb}`)),
  tool("weather_now"),
  tool("translate_text"),
  tool("web_fetch"),
];

const groups: ToolSearchConfig["groups"] = [
  { name: "billing", tools: ["billing_charge", "billing_refund", "billing_invoice"] },
  { name: "crm", prefix: "crm__" },
  { name: "calendar", prefix: "calendar_", load: "lazy" },
  { name: "ops", prefix: "ops_", load: "eager" },
];

function session(extra: Partial<ToolSearchConfig> = {}, journal?: InMemoryJournal): ToolSearchSession {
  return createToolSearchSession({
    runId: "groups",
    tools: [tool("reply")],
    onWarning: () => {},
    journal,
    toolSearch: { catalogue, groups, ...extra },
  });
}

function configError(run: () => unknown): { message: string; path: readonly (string | number)[] } {
  try {
    run();
  } catch (error) {
    if (isToolsiftError(error, "invalid_config")) return { message: error.message, path: error.path };
    throw error;
  }
  throw new Error("no config error");
}

const search = (s: ToolSearchSession, turn: number, input: unknown): ToolCallOutcome => s.handleToolCall({ turn, index: 0, name: "search_tools", input });

beforeAll(async () => {
  await init();
});

describe("groups config", () => {
  it("refuses a tool in two groups, naming the later group and the tool", () => {
    const error = configError(() => session({ groups: [{ name: "a", prefix: "crm__" }, { name: "b", tools: ["web_fetch", "crm__contact_03"] }] }));
    expect(error.path).toEqual(["toolSearch", "groups", 1]);
    expect(error.message).toBe('toolSearch.groups[1]: claims "crm__contact_03", which groups[0] ("a") holds already; a tool belongs to at most one group');
    expect(configError(() => session({ groups: [{ name: "a", tools: ["web_fetch"] }, { name: "b", tools: ["web_fetch"] }] })).path).toEqual(["toolSearch", "groups", 1]);
    expect(configError(() => session({ groups: [{ name: "a", prefix: "crm" }, { name: "b", prefix: "crm__c" }] })).message).toContain("a tool belongs to at most one group");
  });

  it("names the field of every other problem", () => {
    expect(configError(() => session({ groups: [{ name: "a" }] })).message).toBe("toolSearch.groups[0]: takes exactly one of prefix and tools");
    expect(configError(() => session({ groups: [{ name: "a b", prefix: "x" }] })).path).toEqual(["toolSearch", "groups", 0, "name"]);
    expect(configError(() => session({ groups: [{ name: "a", prefix: "x", load: "soon" as never }] })).path).toEqual(["toolSearch", "groups", 0, "load"]);
    expect(configError(() => session({ groups: [{ name: "a", prefix: "x", lod: "lazy" } as never] })).message).toContain('"lod"');
    expect(configError(() => session({ groups: [{ name: "a", prefix: "x" }, { name: "a", prefix: "y" }] })).path).toEqual(["toolSearch", "groups", 1, "name"]);
    expect(configError(() => session({ deferral: { maxTools: 0 } })).path).toEqual(["toolSearch", "deferral", "maxTools"]);
    expect(configError(() => session({ deferral: { mode: "on" as never } })).path).toEqual(["toolSearch", "deferral", "mode"]);
    expect(configError(() => createToolSearchSession({ maxToolCallsPerMessage: -1 })).path).toEqual(["maxToolCallsPerMessage"]);
  });
});

describe("the deferral decision", () => {
  it("below every limit advertises eager and auto groups, holds lazy ones, and never touches ungrouped tools", () => {
    const s = session();
    const names = s.menuNames();
    expect(names.slice(0, 2)).toEqual(["search_tools", "reply"]);
    expect(names).toContain("billing_charge");
    expect(names).toContain("crm__contact_11");
    expect(names).toContain("ops_status");
    expect(names).not.toContain("calendar_create_event");
    expect(names).not.toContain("weather_now");
    expect(s.catalogueBlock()).toContain("- calendar: calendar_create_event, calendar_list_events");
  });

  it("over maxTools holds auto groups back largest first, eager ones last", () => {
    // a quarter of maxTools (3) is kept for loads: 2 + 3 (billing) + 4 (ops) = 9 fit in 12 - 3
    const s = session({ deferral: { maxTools: 12 }, maxLoaded: 2 });
    expect(s.menuNames()).toEqual(["search_tools", "reply", "billing_charge", "billing_refund", "billing_invoice", "ops_restart", "ops_deploy", "ops_rollback", "ops_status"]);
    const tight = session({ deferral: { maxTools: 6 }, maxLoaded: 2 });
    expect(tight.menuNames()).toEqual(["search_tools", "reply"]);
    expect(tight.catalogueBlock().split("\n").filter((line) => line.startsWith("- "))).toEqual([
      "- billing: billing_charge, billing_refund, billing_invoice",
      "- calendar: calendar_create_event, calendar_list_events",
      '- crm: 12 tools, names start with "crm__"',
      "- ops: ops_restart, ops_deploy, ops_rollback, ops_status",
    ]);
  });

  it("over maxChars holds auto groups back but not eager ones", () => {
    const s = session({ deferral: { maxChars: 1500 } });
    expect(s.menuNames().filter((name) => name.startsWith("ops_"))).toHaveLength(4);
    expect(s.menuNames().some((name) => name.startsWith("crm__"))).toBe(false);
  });

  it('mode "off" advertises every group, lazy ones too', () => {
    const s = session({ deferral: { mode: "off", maxTools: 5 } });
    expect(s.menuNames()).toContain("calendar_list_events");
    expect(s.catalogueBlock()).toBe("");
  });
});

describe("the catalogue block", () => {
  it("is one fixed text: host groups, then servers under their own heading, each in name order", () => {
    const servers = [...catalogue, { ...tool("zeta__ping"), server: "zeta" }, { ...tool("alpha__ping"), server: "alpha" }] as ToolDefinition[];
    const s = createToolSearchSession({
      runId: "block",
      onWarning: () => {},
      toolSearch: { catalogue: servers, groups, serverGroups: true, deferral: { maxTools: 3 }, maxLoaded: 1 },
    });
    expect(s.catalogueBlock()).toBe(
      [
        'These tool groups are not in your tools yet. Load a whole group with search_tools({ "group": "<name>" }), or call a tool by its exact name to load it.',
        "A dedicated tool beats a workaround with a general one: when a group below fits the task, load it instead of improvising with the tools you have.",
        "",
        "Groups:",
        "- billing: billing_charge, billing_refund, billing_invoice",
        "- calendar: calendar_create_event, calendar_list_events",
        '- crm: 12 tools, names start with "crm__"',
        "- ops: ops_restart, ops_deploy, ops_rollback, ops_status",
        "",
        "Connected servers:",
        "- alpha: alpha__ping",
        "- zeta: zeta__ping",
      ].join("\n"),
    );
    const before = s.catalogueBlock();
    search(s, 0, { group: "alpha" });
    search(s, 1, { select: ["billing_charge"] });
    expect(s.catalogueBlock()).toBe(before);
  });

  it("is empty without groups", () => {
    expect(createToolSearchSession({ toolSearch: { catalogue } }).catalogueBlock()).toBe("");
    expect(createToolSearchSession({}).catalogueBlock()).toBe("");
  });
});

describe("loading a group", () => {
  it("search_tools({ group }) appends every tool of the group as one entry under maxLoaded", () => {
    // 2 + 3 + 12 + 4 = 21 tools are over 22 - 6 reserved: crm, the largest, is held back
    const s = session({ deferral: { maxTools: 22 }, maxLoaded: 2 });
    expect(s.menuNames().some((name) => name.startsWith("crm__"))).toBe(false);
    const before = s.menu();
    const outcome = search(s, 0, { group: "crm" });
    expect(outcome.kind === "search" && outcome.added).toHaveLength(12);
    expect(outcome.kind === "search" && outcome.result).toMatchObject({ groups: [{ name: "crm", tools: 12, loaded: true }] });
    expect(s.menu().slice(0, before.length)).toEqual(before);
    expect(s.menuNames().slice(before.length)).toEqual(catalogue.filter((t) => t.id!.startsWith("crm__")).map((t) => t.id));
    // one entry: one single tool still fits under maxLoaded 2, a second does not
    const next = search(s, 1, { select: ["weather_now", "translate_text"] });
    expect(next.kind === "search" && next.added).toEqual(["weather_now"]);
  });

  it('select: ["group:<name>"] loads it too, and a group that does not fit loads nothing', () => {
    const s = session({ deferral: { maxTools: 12 }, maxLoaded: 3 });
    const outcome = search(s, 0, { select: ["group:calendar"] });
    expect(outcome.kind === "search" && outcome.added).toEqual(["calendar_create_event", "calendar_list_events"]);
    const crm = search(s, 1, { group: "crm" });
    expect(crm.kind === "search" && crm.added).toEqual([]);
    expect(crm.kind === "search" && crm.result).toMatchObject({ groups: [{ name: "crm", tools: 0, loaded: false }], note: 'Group "crm" did not fit under the menu\'s tool limit.' });
    expect(s.menuNames().length).toBeLessThanOrEqual(12);
  });

  it("an unknown group name is a typed error with near names, and records nothing", () => {
    const s = session();
    const outcome = search(s, 0, { group: "biling" });
    expect(outcome.kind === "search" && outcome.result).toEqual({ code: "unknown_group", message: 'Unknown tool group "biling". Did you mean: billing?', suggestions: ["billing"] });
    expect(outcome.kind === "search" && outcome.source).toBe("refused");
    expect(s.journal.records().map((record) => record.id)).toEqual(["groups#deferral"]);
  });

  it("is a recorded decision: a replay re-loads it, clipped to the recorded tools, never widened", () => {
    const live = session({ deferral: { maxTools: 30 } });
    search(live, 0, { group: "crm", query: "weather" });
    const records = live.journal.records();
    expect(records[1]!.value).toMatchObject({ groups: ["crm"], groupLoaded: expect.arrayContaining(["crm__contact_00"]) as unknown });
    const replay = session({ deferral: { maxTools: 30 } }, new InMemoryJournal(records));
    search(replay, 0, { group: "crm", query: "weather" });
    expect(replay.menuNames()).toEqual(live.menuNames());
    const forged = records.map((record) => ({ ...record, value: { ...(record.value as object), groupLoaded: ["crm__contact_00", "weather_now"] } }));
    const clipped = session({ deferral: { maxTools: 30 } }, new InMemoryJournal(forged));
    const outcome = search(clipped, 0, { group: "crm", query: "weather" });
    expect(outcome.kind === "search" && outcome.added.filter((id) => id.startsWith("crm__"))).toEqual(["crm__contact_00"]);
  });

  it("a journal recorded with groups replays without them: its decision is passed over, not a divergence", () => {
    const live = session();
    search(live, 0, { query: "weather" });
    const warnings: string[] = [];
    const onWarning = (warning: { code: string }) => void warnings.push(warning.code);
    const plain = createToolSearchSession({ runId: "groups", tools: [tool("reply")], onWarning, journal: new InMemoryJournal(live.journal.records()), toolSearch: { catalogue } });
    const replayed = search(plain, 0, { query: "weather" });
    expect(replayed.kind === "search" && replayed.source).toBe("replay");
    expect(() => plain.finish()).not.toThrow();
    expect(warnings).toEqual(["TOOLSIFT_JOURNAL_CONFIG"]);
  });
});
