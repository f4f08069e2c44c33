// resumeSession over a Workers KV journal, the Worker pattern: every request opens the
// run's journal, creates a session, resumes it and handles one call. Each run is compared
// with the same calls made on one unbroken session: the same answers, the same menu, the
// same stored records.
import { beforeAll, describe, expect, it } from "vitest";
import { isToolsiftError } from "../../errors.js";
import { init } from "../../index.js";
import { skillActivation } from "../../skills/index.js";
import { createToolSearchSession, type ToolSearchSession } from "../../session/session.js";
import type { ToolSearchSessionConfig } from "../../session/config.js";
import type { ToolCall, ToolCallOutcome } from "../../session/types.js";
import type { ToolDefinition } from "../../trust/tool-definition.js";
import type { RankedHit, ToolRanker } from "../../types.js";
import { InMemoryJournal } from "../in-memory.js";
import { journalRecord } from "../record.js";
import { KvJournal } from "./kv.js";
import { resumeSession } from "./resume.js";

/** A Workers KV namespace kept in a Map. */
function mapKv(): { map: Map<string, string>; get(key: string): Promise<string | null>; put(key: string, value: string): Promise<void> } {
  const map = new Map<string, string>();
  return { map, get: async (key) => map.get(key) ?? null, put: async (key, value) => void map.set(key, value) };
}

const schema = { type: "object", properties: { id: { type: "string" } } };
const tool = (id: string): ToolDefinition => ({ id, description: `Does ${id.replace(/[_.]/g, " ")}.`, inputSchema: schema });

const catalogue: ToolDefinition[] = [
  ...["charge", "refund", "invoice"].map((verb) => tool(`billing_${verb}`)),
  ...Array.from({ length: 12 }, (_, i) => tool(`crm__contact_${String(i).padStart(2, "0")}`)),
  tool("calendar_create_event"),
  tool("calendar_list_events"),
  tool("weather_now"),
  tool("translate_text"),
  tool("mail_send"),
];

// Finds the tools whose id contains a word of the query (alternatives too).
const words: ToolRanker = {
  kind: "words",
  rank(query: string, limit: number): RankedHit[] {
    const parts = query.toLowerCase().split(/\W+/).filter(Boolean);
    return catalogue.map((entry) => entry.id!).filter((id) => parts.some((part) => id.includes(part))).slice(0, limit).map((id) => ({ id }));
  },
};

type Config = Omit<ToolSearchSessionConfig, "runId" | "journal">;

/** The Worker's request: a fresh journal and session over the store, resumed, one call, flushed. */
async function request(kv: ReturnType<typeof mapKv>, runId: string, config: Config, call: ToolCall): Promise<{ outcome: ToolCallOutcome; session: ToolSearchSession }> {
  const journal = await KvJournal.open(kv, runId);
  const session = createToolSearchSession({ ...config, runId, journal });
  resumeSession(session, call);
  const outcome = session.handleToolCall(call);
  await journal.flush();
  return { outcome, session };
}

async function compare(runId: string, config: Config, script: readonly ToolCall[]): Promise<{ kv: ReturnType<typeof mapKv>; unbroken: ToolSearchSession }> {
  const unbroken = createToolSearchSession({ ...config, runId, journal: new InMemoryJournal() });
  const expected = script.map((call) => unbroken.handleToolCall(call));
  const kv = mapKv();
  for (const [step, call] of script.entries()) {
    const { outcome, session } = await request(kv, runId, config, call);
    expect(JSON.stringify(outcome), `call ${step}`).toBe(JSON.stringify(expected[step]));
    expect(session.menuNames()).toEqual(unbroken.menuNames().slice(0, session.menuNames().length));
  }
  // One more request's session, resumed with no call to come: where the unbroken run is.
  const last = createToolSearchSession({ ...config, runId, journal: await KvJournal.open(kv, runId) });
  resumeSession(last);
  expect(last.menuNames()).toEqual(unbroken.menuNames());
  expect(last.stats()).toEqual({ ...unbroken.stats(), pendingReplay: 0 });
  expect(last.journal.records()).toEqual(unbroken.journal.records());
  expect(() => last.finish()).not.toThrow();
  return { kv, unbroken };
}

beforeAll(async () => {
  await init();
});

describe("resumeSession over KvJournal", () => {
  it("resumes a run that records usage: used records replay as the calls that wrote them", async () => {
    const config: Config = { recordUsage: true, onWarning: () => {}, tools: [tool("agent_note")], toolSearch: { catalogue, ranker: words } };
    const script: ToolCall[] = [
      { turn: 0, index: 0, name: "search_tools", input: { query: "weather" } },
      { turn: 1, index: 0, name: "weather_now", input: {} },
      { turn: 2, index: 0, name: "search_tools", input: { query: "mail", alternatives: ["translate"] } },
      { turn: 3, index: 0, name: "mail_send", input: {} },
      { turn: 3, index: 1, name: "agent_note", input: {} },
      // Called again: the unbroken run records nothing, so neither may a resumed one.
      { turn: 4, index: 0, name: "weather_now", input: {} },
      { turn: 5, index: 0, name: "search_tools", input: { select: ["billing_charge"] } },
      { turn: 6, index: 0, name: "billing_charge", input: {} },
    ];
    const { unbroken } = await compare("run-used", config, script);
    expect(unbroken.journal.records().map((record) => record.id.split("#")[1])).toEqual([
      "turn:0:tool:0:search",
      "turn:1:tool:0:used",
      "turn:2:tool:0:search",
      "turn:3:tool:0:used",
      "turn:5:tool:0:search",
      "turn:6:tool:0:used",
    ]);
  });

  it("resumes a run with groups: the deferral record, group loads and blind calls", async () => {
    const config: Config = {
      recordUsage: true,
      onWarning: () => {},
      tools: [tool("reply")],
      toolSearch: {
        catalogue,
        ranker: words,
        maxLoaded: 4,
        // 2 + 3 + 12 = 17 tools over 20 - 5 reserved: crm, the largest, is held back.
        deferral: { maxTools: 20 },
        groups: [
          { name: "billing", prefix: "billing_" },
          { name: "crm", prefix: "crm__" },
          { name: "calendar", prefix: "calendar_", load: "lazy" },
        ],
      },
    };
    const script: ToolCall[] = [
      { turn: 0, index: 0, name: "search_tools", input: { query: "weather" } },
      { turn: 1, index: 0, name: "crm__contact_03", input: {} },
      { turn: 2, index: 0, name: "search_tools", input: { group: "calendar" } },
      { turn: 3, index: 0, name: "search_tools", input: { query: "translate", select: ["group:crm"] } },
      { turn: 4, index: 0, name: "crm__contact_05", input: {} },
      { turn: 5, index: 0, name: "search_tools", input: { select: ["reply"] } },
    ];
    const { unbroken } = await compare("run-groups", config, script);
    const kinds = unbroken.journal.records().map((record) => record.id.split("#")[1]!.replace(/^turn:\d+:tool:\d+:/u, ""));
    expect(kinds).toEqual(["deferral", "search", "blind", "search", "search", "used", "search"]);
  });

  it("resumes skill activations", async () => {
    const config: Config = {
      onWarning: () => {},
      tools: [tool("reply")],
      toolSearch: { catalogue, ranker: words },
      skillActivation: skillActivation({
        discovery: "both",
        catalogue: [
          { id: "billing-run", description: "Run the monthly billing.", instructions: "Charge, then invoice.", tools: ["billing_charge", "billing_invoice"] },
          { id: "crm-tidy", description: "Tidy the contacts.", instructions: "Merge duplicates.", tools: ["crm__contact_00"] },
        ],
      }),
    };
    const script: ToolCall[] = [
      { turn: 0, index: 0, name: "search_tools", input: { query: "billing" } },
      { turn: 1, index: 0, name: "activate_skill", input: { name: "billing-run" } },
      { turn: 2, index: 0, name: "activate_skill", input: { name: "billing-run" } },
      { turn: 3, index: 0, name: "activate_skill", input: { name: "crm-tidy" } },
    ];
    const { unbroken } = await compare("run-skills", config, script);
    expect(unbroken.journal.records().map((record) => record.id.split(":").at(-1))).toEqual(["search", "skill", "skill"]);
  });

  it("a record it cannot resume is invalid_journal naming it", () => {
    const open = (records: unknown[]) => createToolSearchSession({ runId: "r", onWarning: () => {}, journal: new InMemoryJournal(records), toolSearch: { catalogue, ranker: words } });
    const refused = (session: ToolSearchSession) => {
      try {
        resumeSession(session);
      } catch (error) {
        if (isToolsiftError(error, "invalid_journal")) return { message: error.message, path: error.path };
        throw error;
      }
      throw new Error("resumed");
    };
    expect(refused(open([journalRecord("other#turn:0:tool:0:search", { query: "q", results: [] })]))).toEqual({
      message: 'Record "other#turn:0:tool:0:search" is not a decision of run "r".',
      path: [0],
    });
    expect(refused(open([journalRecord("r#turn:0:tool:0:skill", { skill: "x" })])).message).toBe('Record "r#turn:0:tool:0:skill" activates a skill; this session has no skills.');
    expect(refused(open([journalRecord("r#turn:0:tool:0:used", { used: 7 })])).message).toBe('Record "r#turn:0:tool:0:used" names no tool.');
  });
});
