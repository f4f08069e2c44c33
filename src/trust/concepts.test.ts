import { describe, expect, it } from "vitest";
import { thinConcepts, vouchedText, wordFormKey } from "./concepts.js";
import { toolSearchDocs } from "./tool-docs.js";

describe("wordFormKey", () => {
  it("gives a word and the forms the query side reaches one key", () => {
    for (const family of [
      ["create", "creates", "created", "creating"],
      ["issue", "issues", "issued"],
      ["stop", "stopped", "stopping"],
      ["make", "making"],
      ["page", "paged", "paging"],
      ["query", "queries"],
    ]) {
      expect(new Set(family.map(wordFormKey)), family.join(" ")).toHaveLength(1);
    }
  });

  it("keeps words apart that only end alike", () => {
    expect(wordFormKey("bus")).not.toBe(wordFormKey("bug"));
    expect(wordFormKey("string")).toBe("string");
    expect(wordFormKey("red")).toBe("red");
  });
});

describe("thinConcepts", () => {
  it("keeps the first form of a word and its repeats, and drops its other forms", () => {
    expect(thinConcepts("Create an issue; returns the created issue.")).toBe("Create an issue; returns the  issue.");
    expect(thinConcepts("Lists issues. Each issue has a title.")).toBe("Lists issues. Each issue has a title.");
  });

  it("keeps three words of one synonym group and drops the rest", () => {
    expect(thinConcepts("create generate make build")).toBe("create generate make ");
    expect(thinConcepts("errors and issues")).toBe("errors and issues");
  });

  it("leaves non-ASCII words and everything between words alone", () => {
    expect(thinConcepts("Создай задачу. 创建任务。Создай!")).toBe("Создай задачу. 创建任务。Создай!");
  });
});

describe("vouchedText", () => {
  it("keeps a sentence of up to 24 distinct words as the summary", () => {
    const sentence = "Lists the open pull requests of a repository, newest first, with their authors, labels and review state.";
    expect(vouchedText(sentence)).toBe(sentence);
  });

  it("moves a first sentence of more than 24 distinct words out of the summary", () => {
    const bag =
      "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee";
    expect(vouchedText(bag)).toBe(`\n\n${bag}`);
    expect(vouchedText(`${bag.split(" ").slice(0, 24).join(" ")}. ${bag}`)).not.toMatch(/^\n/);
  });

  it("is applied to vouched third-party text only", () => {
    const description = "Create, creates, created or creating things.";
    const [own, remote] = toolSearchDocs([
      { id: "own__tool", description },
      { id: "mcp__tool", origin: "remote", description, tags: ["created"] },
    ], { trustJsonSchemaText: ["mcp__"] });
    expect(own!.description).toBe(description);
    expect(remote!.description).toBe("Create, creates,  or  things.\n\n");
  });
});
