// The README's groups example, run as a test: the code between the markers is the README's
// block byte for byte, minus its import line (checked at the end).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { init } from "../../src/index.js";
import { createToolSearchSession } from "../../src/session/index.js";

// The block initializes the core itself: without it, a search after the block throws not_initialized.
// README:begin
await init();
const tool = (id: string, description: string) => ({ id, description, inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } });
const session = createToolSearchSession({
  toolSearch: {
    catalogue: [tool("billing_refund", "Refund a charge."), tool("billing_charge", "Charge a card."), tool("crm_find_contact", "Find a contact.")],
    groups: [{ name: "billing", prefix: "billing_", load: "lazy" }, { name: "crm", prefix: "crm_" }],
    deferral: { maxTools: 128 },
  },
});
session.menuNames(); // ["search_tools", "crm_find_contact"]: billing is held back
const system = session.catalogueBlock(); // "…\n\nGroups:\n- billing: billing_refund, billing_charge"
const blind = session.handleToolCall({ turn: 0, index: 0, name: "billing_refund", input: {} });
// blind.result: { code: "tool_loaded", signature: "billing_refund(id*) — Refund a charge.", … }: it did not run
const group = session.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: { group: "billing" } });
// group.added: ["billing_charge"], one load entry; session.catalogueBlock() === system
// README:end

it("holds billing back, answers the blind call with the signature and loads the rest of the group", () => {
  expect(session.menuNames()).toEqual(["search_tools", "crm_find_contact", "billing_refund", "billing_charge"]);
  expect(system.endsWith("\n\nGroups:\n- billing: billing_refund, billing_charge")).toBe(true);
  expect(blind).toMatchObject({ result: { code: "tool_loaded", signature: "billing_refund(id*) — Refund a charge." }, added: ["billing_refund"] });
  expect(group.kind === "search" && group.added).toEqual(["billing_charge"]);
  expect(session.catalogueBlock()).toBe(system);
});

it("leaves the session ready for the next natural call, a search", () => {
  const found = session.handleToolCall({ turn: 2, index: 0, name: "search_tools", input: { query: "find a contact" } });
  expect(found.kind === "search" && found.result).toMatchObject({ note: expect.stringContaining("crm_find_contact") });
});

it("is the README's code", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!).find((text) => text.includes("catalogueBlock"))!;
  const lines = block.trimEnd().split("\n");
  expect(lines[0]).toBe('import { createToolSearchSession, init } from "toolsift";');
  const source = readFileSync(new URL(import.meta.url), "utf8");
  expect(/\/\/ README:begin\n([\s\S]*?)\n\/\/ README:end/.exec(source)![1]).toBe(lines.slice(2).join("\n"));
});
