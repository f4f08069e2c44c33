import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, TRANSLATION_LEXICON, init } from "../index.js";
import { keyEdges, splitVerbWords } from "./split-verbs.js";

describe("Chinese split verbs (docs/analyzer.md §A11)", () => {
  const edges = keyEdges(["发送", "截个图", "开发", "邮件", "x"]);

  it("adds the word of a verb cut from its object by a measure word or a complement", () => {
    expect(splitVerbWords("帮我发封邮件给客户", edges)).toEqual(["发送"]);
    expect(splitVerbWords("把插件装上，再找出所有配置文件", edges)).toEqual(["安装", "查找"]);
    expect(splitVerbWords("删掉它，再删了那个", edges)).toEqual(["删除"]);
  });

  it("leaves a verb that is part of a word the lexicon knows, or that no particle follows", () => {
    expect(splitVerbWords("截个图", edges)).toEqual([]); // 截个 starts the key 截个图
    expect(splitVerbWords("开发个小工具", edges)).toEqual([]); // 开发 ends a key
    expect(splitVerbWords("发邮件", edges)).toEqual([]);
    expect(splitVerbWords("发", edges)).toEqual([]);
    expect(splitVerbWords("send an email", edges)).toEqual([]);
  });

  describe("in the ranker", () => {
    const docs = [
      { id: "mail__send_email", description: "Send an email to a recipient.", tags: [], aliases: [] },
      { id: "mail__list_emails", description: "List emails in the inbox.", tags: [], aliases: [] },
    ];

    beforeAll(async () => {
      await init();
    });

    it("lets the lexicon translate the verb, and not without a lexicon", () => {
      expect(Object.keys(TRANSLATION_LEXICON)).toContain("发送");
      const ranker = new Bm25ToolRanker(docs);
      expect(ranker.queryTerms("帮我给客户发封邮件")).toContain("send");
      expect(ranker.rank("帮我给客户发封邮件", 1)[0]!.id).toBe("mail__send_email");
      expect(new Bm25ToolRanker(docs, { lexicon: false }).queryTerms("帮我给客户发封邮件")).not.toContain("send");
    });
  });
});
