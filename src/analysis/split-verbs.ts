// Chinese split verbs (docs/analyzer.md §A11): a request cuts a verb of one character from what it
// acts on with a measure word or a complement («发封邮件», «截个图», «装上», «找出»), where the
// lexicon knows the verb only as a word of two characters (发送, 截图, 安装, 查找), and its
// bigrams never meet. Such a verb's word is added to the request, for the lexicon to translate.

// Each verb's word, after the verb itself when the word does not start with it.
const VERBS = "发送 截图 建创建 查询 装安装 删除 爬取 改修改 加添加 写入 读取 看查看 找查找 订预订 画绘制 拉取 推送 停止 关闭 传上传 搜索 存保存 约预约 翻译 合并 回复";
// What follows a split verb: measure words, `一` (一下, 一个), complements of result and direction.
const PARTICLES = "个一下封条张份了上掉出完好成到给进";

const WORDS: ReadonlyMap<string, string> = new Map(VERBS.split(" ").map((entry) => [entry[0]!, entry.slice(-2)]));

/** The first and last two characters of each lexicon key of two characters or more. */
export interface KeyEdges {
  readonly starts: ReadonlySet<string>;
  readonly ends: ReadonlySet<string>;
}

export function keyEdges(keys: Iterable<string>): KeyEdges {
  const starts = new Set<string>();
  const ends = new Set<string>();
  for (const key of keys) {
    if (key.length < 2) continue;
    starts.add(key.slice(0, 2));
    ends.add(key.slice(-2));
  }
  return { starts, ends };
}

/**
 * The words of the split verbs of `query` (docs/analyzer.md §A11), in query order, each once: a verb
 * followed by a particle, unless it and the character after it start a lexicon key, or the
 * character before it and it end one (then it is part of a word the lexicon knows).
 */
export function splitVerbWords(query: string, edges: KeyEdges): string[] {
  const found: string[] = [];
  for (let at = 0; at + 1 < query.length; at++) {
    const word = WORDS.get(query[at]!);
    if (word === undefined || !PARTICLES.includes(query[at + 1]!)) continue;
    if (edges.starts.has(query.slice(at, at + 2)) || (at > 0 && edges.ends.has(query.slice(at - 1, at + 1)))) continue;
    if (!found.includes(word)) found.push(word);
  }
  return found;
}
