import { beforeAll, describe, expect, it } from "vitest";
import { isToolsiftError } from "../errors.js";
import type { ToolSearchDoc } from "../types.js";
import { init } from "../entry/node.js";
import { CONFIDENCE_DEFAULTS } from "./confidence.js";
import { normalizeName, queryFragments } from "./name-fallback.js";
import { Bm25ToolRanker } from "./ranker.js";

const doc = (id: string, description: string): ToolSearchDoc => ({ id, description, tags: [], aliases: [] });

// A small catalogue in one domain (code hosting and chat); the rule is judged against it.
const docs: ToolSearchDoc[] = [
  doc("github__create_pull_request", "Create a pull request from a branch."),
  doc("github__create_issue", "Open a new issue in a repository."),
  doc("github__list_issues", "List the issues of a repository."),
  doc("github__merge_pull_request", "Merge a pull request."),
  doc("gitlab__create_merge_request", "Create a merge request in a GitLab project."),
  doc("slack__post_message", "Post a message to a channel."),
  doc("slack__list_channels", "List the channels of a workspace."),
  doc("files__read_file", "Read a file from disk."),
  doc("files__write_file", "Write text to a file on disk."),
  doc("weather.get-forecast", "Weather forecast for a city."),
  doc("maps:route/plan", "Plan a driving route between two places."),
  doc("calendar__create_event", "Create a calendar event with attendees."),
];

let ranker: Bm25ToolRanker;
beforeAll(async () => {
  await init();
  ranker = new Bm25ToolRanker(docs);
});

describe("no confident match: the rule", () => {
  it.each(["create a pull request", "post a message to the channel", "weather forecast for Paris", "read a file"])(
    "is confident when a tool matches the request: %s",
    (query) => {
      const result = ranker.search(query, 5);
      expect(result.hits.length).toBeGreaterThan(0);
      expect(result.confident).toBe(true);
      expect(result.hits[0]!.score).toBeGreaterThanOrEqual(result.floor);
    },
  );

  // Each of these scores some tool through one word of its description ("new", "text",
  // "between", "project"), which is the noise the rule exists to flag.
  it.each(["tell me a new joke about cats", "my grandmother sent me a text", "I wonder between you and me", "a project of mine"])(
    "is not confident when only common words match: %s",
    (query) => {
      const result = ranker.search(query, 5);
      expect(result.hits.length).toBeGreaterThan(0);
      expect(result.hits.every((hit) => hit.match === "terms")).toBe(true);
      expect(result.confident).toBe(false);
      // Hits are still returned: the model may use the closest tools.
      expect(result.hits[0]!.score).toBeLessThan(result.floor);
    },
  );

  it("keeps rank() as it was: same hits and scores as search()", () => {
    for (const query of ["create a pull request", "write a poem", "pullreq"]) {
      const { hits } = ranker.search(query, 5);
      expect(ranker.rank(query, 5)).toEqual(hits.filter((hit) => hit.match === "terms").map(({ id, score }) => ({ id, score })));
    }
  });

  it("lets the caller move the floor, and 0/0 makes any scored hit confident", () => {
    expect(ranker.search("write a poem", 5, { floor: 0, share: 0 }).confident).toBe(true);
    expect(ranker.search("create a pull request", 5, { floor: 10, share: 0 }).confident).toBe(false);
    expect(ranker.search("create a pull request", 5, { floor: 0, share: 1 }).confident).toBe(false);
    expect(CONFIDENCE_DEFAULTS).toEqual({ floor: 0.6, share: 0.05 });
  });

  it("refuses bad confidence options with typed invalid_option errors naming the field", () => {
    const cases: [unknown, string][] = [
      [{ floor: -1 }, "floor"],
      [{ floor: 11 }, "floor"],
      [{ share: 1.5 }, "share"],
      [{ share: "0.1" }, "share"],
      [{ margin: 1 }, ""],
    ];
    for (const [options, field] of cases) {
      let error: unknown;
      try {
        ranker.search("read a file", 5, options as never);
      } catch (caught) {
        error = caught;
      }
      expect(isToolsiftError(error, "invalid_option"), JSON.stringify(options)).toBe(true);
      expect((error as Error).message).toContain(field);
    }
    expect(() => ranker.search(42 as never, 5)).toThrow(expect.objectContaining({ code: "invalid_query" }));
    expect(() => ranker.search("read", Number.NaN)).toThrow(expect.objectContaining({ code: "invalid_query" }));
  });
});

describe("no confident match: the name fallback", () => {
  it("finds tools whose normalized names contain a fragment when nothing scores", () => {
    const result = ranker.search("pullreq", 5);
    expect(result).toMatchObject({ confident: false, fallback: true });
    expect(result.hits).toEqual([
      { id: "github__create_pull_request", score: 0, match: "name" },
      { id: "github__merge_pull_request", score: 0, match: "name" },
    ]);
    // Separators and case are ignored on both sides.
    expect(ranker.search("GET-FORE", 5).hits.map((hit) => hit.id)).toEqual(["weather.get-forecast"]);
    expect(ranker.search("ROUTEPL", 5).hits.map((hit) => hit.id)).toEqual(["maps:route/plan"]);
    expect(ranker.search("ub__cr", 5).hits.map((hit) => hit.id)).toEqual(["github__create_issue", "github__create_pull_request"]);
  });

  it("never matches on one- or two-letter fragments", () => {
    expect(queryFragments("a b cd ef")).toEqual(["abcdef"]);
    expect(queryFragments("x y")).toEqual([]);
    for (const query of ["gi", "ca", "s l", "zq"]) {
      expect(ranker.search(query, 5), query).toMatchObject({ hits: [], fallback: false, confident: false });
    }
  });

  it("orders by the longest fragment matched, then by id in UTF-16 order, whatever the catalogue order", () => {
    const order = (catalogue: ToolSearchDoc[]) => new Bm25ToolRanker(catalogue).search("ssue pullre", 10).hits.map((hit) => hit.id);
    const expected = [
      "github__create_pull_request",
      "github__merge_pull_request",
      "github__create_issue",
      "github__list_issues",
    ];
    expect(order(docs)).toEqual(expected);
    expect(order([...docs].reverse())).toEqual(expected);
    // Upper case sorts before lower case in UTF-16 order.
    const mixed = new Bm25ToolRanker([doc("b_thing", "x"), doc("B_thing", "x"), doc("a_thing", "x")]);
    expect(mixed.search("thin", 5).hits.map((hit) => hit.id)).toEqual(["B_thing", "a_thing", "b_thing"]);
    expect(ranker.search("ssue pullre", 1).hits).toHaveLength(1);
    expect(ranker.search("ssue pullre", 0).hits).toEqual([]);
  });

  it("only runs when nothing scores", () => {
    const result = ranker.search("create issue", 5);
    expect(result.fallback).toBe(false);
    expect(result.hits.every((hit) => hit.match === "terms")).toBe(true);
  });

  it("normalizes names with NFKC, lower case and without connectors or spaces", () => {
    expect(normalizeName("Ｍaps:Route/Plan.v2 x_y-z")).toBe("mapsrouteplanv2xyz");
  });
});
