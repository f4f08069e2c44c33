// Regenerates test/fixtures/runtime-catalogue.json: ~150 real MCP tools sampled
// deterministically from the full MCP catalogue (the `tools/list` dumps with their input
// schemas, which data/mcp-catalogue.json was reduced from), plus hand-written docs for scripts and
// identifier shapes the real catalogue lacks (Cyrillic, CJK ids, emoji, Greek, fullwidth).
// Run: npx tsx test/runtimes/make-fixture.ts path/to/tools.json
// The runtime tests never run this; they read the committed fixture.
import { readFileSync, writeFileSync } from "node:fs";

const SOURCE = process.argv[2];
if (SOURCE === undefined) {
  console.error("usage: npx tsx test/runtimes/make-fixture.ts path/to/tools.json");
  process.exit(2);
}
const OUTPUT = new URL("../fixtures/runtime-catalogue.json", import.meta.url);
const SAMPLED = 105;

interface CatalogueTool {
  readonly id: string;
  readonly description?: string;
  readonly inputSchema?: { readonly properties?: Record<string, { readonly description?: unknown }> };
}

interface Doc {
  id: string;
  description?: string;
  tags: string[];
  aliases: string[];
  params: { name: string; description?: string }[];
}

// Tools the query list is written against; each must stay in the fixture.
const REQUIRED = [
  "github__create_pull_request",
  "github__create_issue",
  "github__list_pull_requests",
  "github__merge_pull_request",
  "gitlab__create_merge_request",
  "puppeteer__puppeteer_navigate",
  "puppeteer__puppeteer_screenshot",
  "playwright__browser_navigate",
  "playwright__browser_take_screenshot",
  "chrome-devtools__navigate_page",
  "mobile__mobile_open_url",
  "filesystem__list_directory",
  "filesystem__read_text_file",
  "slack__slack_post_message",
  "sentry__search_issues",
  "postgres__query",
  "mongodb__aggregate",
  "kubernetes__kubectl_get",
  "google-calendar__create-event",
  "hubspot__hubspot-search-objects",
  "hubspot__hubspot-create-engagement",
  "antv-chart__generate_bar_chart",
  "amap__maps_weather",
  "amap__maps_geo",
  "baidu-map__map_geocode",
  "baidu-map__map_weather",
  "howtocook__mcp_howtocook_whatToEat",
  "cloudbase__queryFunctions",
  "firecrawl__firecrawl_monitor_create",
];

const HANDWRITTEN: Doc[] = [
  {
    id: "tracker__создать_задачу",
    description: "Создаёт новую задачу в трекере проекта. Укажите название, исполнителя и срок.",
    tags: ["задачи", "трекер"],
    aliases: ["новая задача"],
    params: [
      { name: "название", description: "Заголовок задачи" },
      { name: "исполнитель", description: "Кому назначить задачу" },
    ],
  },
  {
    id: "mail__отправить_письмо",
    description: "Отправляет электронное письмо получателю. Поддерживает вложения и копию.",
    tags: [],
    aliases: [],
    params: [{ name: "получатель", description: "Адрес электронной почты" }],
  },
  {
    id: "weather__ПогодаСейчас",
    description: "Показывает погоду и прогноз для города, например Москвы или Санкт-Петербурга. Ёлки, ёжики и ветер.",
    tags: [],
    aliases: [],
    params: [{ name: "город" }],
  },
  {
    id: "calendar__日程安排",
    description: "创建日历事件并邀请参会者。支持重复会议。",
    tags: ["日历"],
    aliases: [],
    params: [{ name: "参会者", description: "参会者的邮箱列表" }],
  },
  {
    id: "kb__搜索文档",
    description: "在知识库中搜索文档和网页，返回最相关的结果。",
    tags: [],
    aliases: ["文档搜索"],
    params: [{ name: "query", description: "搜索关键词" }],
  },
  {
    id: "jp__ファイル検索",
    description: "プロジェクト内のファイルを検索します。",
    tags: [],
    aliases: [],
    params: [],
  },
  {
    id: "deploy__🚀_launch",
    description: "🚀 Deploy the application to production 🎉 and notify the team 📣.",
    tags: ["🚀", "deploy"],
    aliases: [],
    params: [{ name: "environment", description: "Target environment 🌍" }],
  },
  {
    id: "family__👨‍👩‍👧_tree",
    description: "Builds a family tree 👨‍👩‍👧 (zero\u200bwidth\u200cjoiners\u200d inside) with \u202Ebidi\u202C marks.",
    tags: [],
    aliases: [],
    params: [],
  },
  {
    id: "net__HTTPServer_start",
    description: "Start an HTTPServer on a port. Serves URLs and IDs for the JSONParser.",
    tags: ["http"],
    aliases: ["startHTTPServer"],
    params: [{ name: "portNumber", description: "TCP port" }],
  },
  {
    id: "inventory__ns:get_items",
    description: "Get items from the ns:get_items endpoint of the inventory API.",
    tags: [],
    aliases: [],
    params: [{ name: "item_ids" }],
  },
  {
    id: "browser__browserOpen",
    description: "Opens a browser window at the given URL.",
    tags: [],
    aliases: ["open browser"],
    params: [{ name: "url", description: "The page address" }],
  },
  {
    id: "greek__ΟΔΟΣ_lookup",
    description: "Αναζήτηση οδός ΟΔΟΣ στον χάρτη της Αθήνας.",
    tags: [],
    aliases: [],
    params: [],
  },
  {
    id: "turkish__İstanbul_guide",
    description: "Guide to İstanbul and IZMIR for visitors.",
    tags: [],
    aliases: [],
    params: [],
  },
  {
    id: "mirror__ＧＩＴＨＵＢ_mirror",
    description: "Mirror a ＧＩＴＨＵＢ repository (fullwidth letters fold under NFKC) ﬁle by ﬁle.",
    tags: [],
    aliases: [],
    params: [],
  },
  { id: "bare__no_text", tags: [], aliases: [], params: [] },
  {
    id: "long__description_tool",
    description: `Summarizes logs. ${"repeated filler words about logs and metrics ".repeat(120)}needle_beyond_the_cut`,
    tags: [],
    aliases: [],
    params: [],
  },
];

// FNV-1a over UTF-16 code units: a stable, runtime-independent sampling order.
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function toDoc(tool: CatalogueTool): Doc {
  const properties = tool.inputSchema?.properties ?? {};
  return {
    id: tool.id,
    ...(typeof tool.description === "string" ? { description: tool.description } : {}),
    tags: [],
    aliases: [],
    params: Object.entries(properties).map(([name, schema]) =>
      typeof schema?.description === "string" ? { name, description: schema.description } : { name },
    ),
  };
}

const tools = JSON.parse(readFileSync(SOURCE, "utf8")) as CatalogueTool[];
const byId = new Map(tools.map((tool) => [tool.id, tool]));
const missing = REQUIRED.filter((id) => !byId.has(id));
if (missing.length > 0) throw new Error(`required tools missing from ${SOURCE}: ${missing.join(", ")}`);
const required = new Set(REQUIRED);
const sampled = tools
  .filter((tool) => !required.has(tool.id))
  .sort((left, right) => fnv1a(left.id) - fnv1a(right.id) || (left.id < right.id ? -1 : 1))
  .slice(0, SAMPLED);
const docs = [...REQUIRED.map((id) => toDoc(byId.get(id)!)), ...sampled.map(toDoc), ...HANDWRITTEN];
writeFileSync(OUTPUT, `${JSON.stringify(docs, null, 1)}\n`);
process.stdout.write(`wrote ${docs.length} docs to ${OUTPUT.pathname}\n`);
