import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init } from "../index.js";
import { LookalikeIndex, namespaceWords, soundDistance, soundSpelling, transliterate } from "./lookalikes.js";

const IDS = [
  "notion__API-post-page",
  "supabase__apply_migration",
  "gmail__create_filter",
  "hubspot__hubspot-batch-create-objects",
  "slack__post_message",
  "mongodb__count",
  "local_tool",
];

describe("Cyrillic look-alikes (docs/analyzer.md §A10)", () => {
  const index = new LookalikeIndex(IDS);
  const none = new Set<string>();

  it("spells both scripts alike", () => {
    expect(transliterate("джира")).toBe("jira");
    expect(transliterate("хабспот")).toBe("habspot");
    expect(soundSpelling("notion")).toBe("noshn");
    expect(soundSpelling("jira")).toBe("dzhira");
    expect(soundSpelling(transliterate("джира"))).toBe("dzhira");
    expect(soundSpelling("slack")).toBe("slak");
    expect(soundSpelling("excel")).toBe("eksel");
    expect(soundSpelling("yaml")).toBe("aml");
    expect(soundDistance("supabes", "supabase")).toBe(1);
    expect(soundDistance("habspot", "hubspot")).toBe(0.5);
    expect(soundDistance("slak", "slik")).toBe(0.5);
    expect(soundDistance("slak", "sak")).toBe(1);
    expect(soundDistance("", "ab")).toBe(1.5);
  });

  it("takes candidates from the namespaces of the ids only", () => {
    expect(namespaceWords("notion__API-post-page")).toEqual(["notion"]);
    expect(namespaceWords("mcp__GitHubEnterprise__create")).toEqual(["enterprise"]);
    expect(namespaceWords("azureDevops:work.items_list")).toEqual(["azure", "devops", "work"]);
    expect(namespaceWords("local_tool")).toEqual([]);
  });

  it("finds the product a Russian request names, inflected", () => {
    expect(index.lookalikes("создай в ноушене страничку", none)).toEqual(["notion"]);
    expect(index.lookalikes("Добавь колонку через миграцию в Супабейзе", none)).toEqual(["supabase"]);
    expect(index.lookalikes("настрой в гмейле фильтр и напиши в слак", none)).toEqual(["gmail", "slack"]);
    expect(index.lookalikes("заведи в хабспоте контакт, потом ещё раз в хабспот", none)).toEqual(["hubspot"]);
    expect(index.lookalikes("сколько в монгодб документов", none)).toEqual(["mongodb"]);
  });

  it("leaves alone words that only share consonants, short words, stopwords and Latin text", () => {
    expect(index.lookalikes("дай ссылку на файл", none)).toEqual([]);
    expect(index.lookalikes("в слак", new Set(["слак"]))).toEqual([]);
    expect(index.lookalikes("notion slack гмл", none)).toEqual([]);
    // A namespaced id's own name words are no candidates; a flat id's are (the next suite).
    expect(new LookalikeIndex(["ns__local_tool"]).lookalikes("локал тул", none)).toEqual([]);
    expect(new LookalikeIndex(["local_tool"]).lookalikes("локал тул", none)).toEqual(["local"]);
  });
});

describe("the ranker's look-alikes", () => {
  const docs = [
    { id: "notion__create_page", description: "Create a page.", tags: [], aliases: [] },
    { id: "confluence__create_page", description: "Create a page.", tags: [], aliases: [] },
  ];

  beforeAll(async () => {
    await init();
  });

  it("adds the namespace a Russian request names, and not with lookalikes: false", () => {
    const ranker = new Bm25ToolRanker(docs, { lexicon: false });
    // Words no document contains are dropped (§A6 step 3); the look-alike comes last.
    expect(ranker.queryTerms("страницу в ноушене page")).toEqual(["page", "notion"]);
    expect(ranker.rank("page в ноушене", 1)[0]!.id).toBe("notion__create_page");
    const off = new Bm25ToolRanker(docs, { lexicon: false, lookalikes: false });
    expect(off.queryTerms("page в ноушене")).not.toContain("notion");
    expect(() => new Bm25ToolRanker(docs, { lookalikes: "yes" as unknown as boolean })).toThrow(/lookalikes: must be a boolean/);
  });

  it("keeps the option through an artifact", () => {
    const off = Bm25ToolRanker.load(new Bm25ToolRanker(docs, { lexicon: false, lookalikes: false }).serialize());
    expect(off.options.lookalikes).toBe(false);
    expect(off.queryTerms("page в ноушене")).not.toContain("notion");
    const on = Bm25ToolRanker.load(new Bm25ToolRanker(docs, { lexicon: false }).serialize());
    expect(on.options.lookalikes).toBe(true);
    expect(on.queryTerms("page в ноушене")).toContain("notion");
  });
});

// §A10 step 1, flat ids: a catalogue in the OpenAI format has no namespaces; the product is a word of the name.
describe("Cyrillic look-alikes in a flat catalogue", () => {
  const FLAT = [
    ["create_jira_issue", "Create a new issue in a project."],
    ["create_github_issue", "Create a new issue in a repository."],
    ["create_linear_issue", "Create a new issue for a team."],
    ["create_asana_task", "Create a new task in a project."],
    ["create_todoist_task", "Create a new task."],
    ["create_trello_card", "Create a card on a board, a task."],
    ["post_slack_message", "Post a message to a channel."],
    ["create_notion_page", "Create a page in a workspace."],
    ["fill_form", "Fill a form in the browser."],
    ["read_file", "Read a file from disk."],
  ].map(([id, description]) => ({ id: id!, description: description!, tags: [], aliases: [] }));
  let ranker: Bm25ToolRanker;
  beforeAll(async () => {
    await init();
    ranker = new Bm25ToolRanker(FLAT);
  });

  it.each([
    ["создай задачу в джире", "create_jira_issue"],
    ["заведи задачу в гитхабе", "create_github_issue"],
    ["напиши в слаке", "post_slack_message"],
    ["создай страницу в ноушене", "create_notion_page"],
  ])("«%s» puts %s in the top 3", (query, id) => {
    expect(ranker.rank(query, 3).map((hit) => hit.id)).toContain(id);
  });

  it("reads a word the lexicon translates as itself, not as a look-alike of a name word (`файлы` is no `fill`)", () => {
    expect(new LookalikeIndex(FLAT.map((doc) => doc.id)).lookalikes("прочитай файлы", new Set())).toEqual(["fill"]);
    expect(ranker.queryTerms("прочитай файлы")).not.toContain("fill");
  });
});
