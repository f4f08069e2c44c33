// The playground's example chips and first query follow the catalogue it was built with: a
// catalogue listed from a servers.json gets requests made from its own tools, never GitHub,
// Slack or Postgres requests for servers the user may not have.
import { describe, expect, it } from "vitest";
import { EMBEDDED_EXAMPLES, MAX_OWN_EXAMPLES, exampleRequests } from "../web/src/catalogue/requests.js";

describe("the playground's example requests", () => {
  it("are the embedded catalogue's own for the embedded catalogue", () => {
    expect(exampleRequests(["github__create_pull_request"], false)).toEqual(EMBEDDED_EXAMPLES);
  });

  it("come from a servers.json catalogue's tool names, one server after another", () => {
    const ids = ["everything__echo", "everything__add", "everything__longRunningOperation", "memory__create_entities", "memory__read_graph"];
    expect(exampleRequests(ids, true)).toEqual(["echo", "create entities", "add", "read graph", "long running operation"]);
    expect(exampleRequests(ids, true).join(" ")).not.toMatch(/pull request|slack|postgres/u);
  });

  it("are at most a handful, and none for an empty catalogue", () => {
    const many = Array.from({ length: 30 }, (_, index) => `server${index % 3}__tool_${index}`);
    expect(exampleRequests(many, true)).toHaveLength(MAX_OWN_EXAMPLES);
    expect(exampleRequests([], true)).toEqual([]);
  });
});
