// Details a new user trips over: timings that say what they measured, a narrow screen, errors
// in view, readable journal lines, Chinese that renders, descriptions without raw markup, and
// an "in no tool" list that lists only words no tool has.
import { expect, hits, openPlayground, test, typeQuery } from "./fixtures.js";

test("a cold first query is shown apart from the steady per-query time", async ({ page, requests: _requests }) => {
  // The page's first query pays for cold code paths: one run of it is not "per query".
  await openPlayground(page, "/?q=%D1%81%D0%BE%D0%B7%D0%B4%D0%B0%D0%B9+%D0%BF%D1%83%D0%BB%D1%80%D0%B5%D0%BA%D0%B2%D0%B5%D1%81%D1%82");
  const timing = page.locator(".timing");
  await expect(timing).toContainText(/per query \(rank over [\d,]+ tools, median of 9 timed batches, \d+ runs, after a first run of [\d.,]+ (µs|ms)\)/);
  const runs = Number(/batches, (\d+) runs/.exec((await timing.textContent()) ?? "")?.[1]);
  expect(runs).toBeGreaterThanOrEqual(9);
  await expect(page.getByTestId("query-first-time")).toHaveText(/^[\d.,]+ (µs|ms)$/);
});

test("one slow run (a pause mid-measurement) does not move the per-query figure", async ({ page, requests: _requests }) => {
  await openPlayground(page);
  // The query's fourth rank call (its third repeat) takes 20 ms, as a collection or another
  // tab's work would make it; the others run as they are (tens of µs).
  await page.evaluate((slowQuery) => {
    const ranker = (window as unknown as { toolsiftPlayground: { store: { ranker: { rank: (query: string, limit: number) => unknown } } } }).toolsiftPlayground.store.ranker;
    const rank = ranker.rank.bind(ranker);
    let calls = 0;
    ranker.rank = (query, limit) => {
      if (query === slowQuery && ++calls === 4) for (const end = performance.now() + 20; performance.now() < end; );
      return rank(query, limit);
    };
  }, "take a screenshot");
  // One input event: the query is ranked once, not once per keystroke.
  await page.getByRole("searchbox", { name: "Search the catalogue" }).fill("take a screenshot");
  // The query's terms and its timing are put in together.
  await expect(page.locator(".query-info")).toContainText("screenshot");
  const micros = Number((await page.getByTestId("query-time").textContent())!.replace(/[^\d.]/gu, ""));
  expect(micros).toBeLessThan(1000);
  await expect(page.locator(".timing")).toContainText("median of");
});

test("the Chinese example renders as characters, not as boxes", async ({ page, requests: _requests }) => {
  await openPlayground(page);
  const chip = page.locator("button.chip.example", { hasText: "截取网页截图" });
  await expect(chip).toBeVisible();
  // A missing glyph is drawn as the same empty box for every character: draw two different
  // characters in the chip's font and compare the pixels.
  const distinct = await chip.evaluate((element) => {
    const font = getComputedStyle(element).font;
    const pixels = (text: string) => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext("2d")!;
      context.font = font.replace(/\d+(\.\d+)?px/, "40px");
      context.fillText(text, 4, 48);
      return Array.from(context.getImageData(0, 0, 64, 64).data).join(",");
    };
    return pixels("截") !== pixels("取");
  });
  expect(distinct, "截 and 取 draw the same pixels: no font for Chinese (scripts/ensure-chromium.sh installs fonts-noto-cjk)").toBe(true);
});

test("\"in no tool\" lists only the query words that matched no tool", async ({ page, requests: _requests }) => {
  await openPlayground(page);
  const unknown = page.getByRole("list", { name: "Words no tool contains" });
  // Chinese is indexed as bigrams: pairs straddling two words ("取网") are in no tool, yet the
  // query found its tools. Nothing is listed.
  await typeQuery(page, "截取网页截图");
  await expect(hits(page).first()).toHaveAttribute("data-id", /screenshot/);
  await expect(page.getByRole("list", { name: "Query terms" })).toContainText("网页");
  await expect(unknown).toHaveCount(0);
  // Words the lexicon translated matched through their translation.
  await typeQuery(page, "создай пулреквест");
  await expect(hits(page).first()).toHaveAttribute("data-id", "github__create_pull_request");
  await expect(unknown).toHaveCount(0);
  // A word no tool has is listed as typed, and only it.
  await typeQuery(page, "take a screenshot of a Frobnicated page");
  await expect(hits(page).first()).toHaveAttribute("data-id", /screenshot/);
  await expect(unknown.locator("li")).toHaveText(["Frobnicated"]);
});

test("descriptions render bold, code and links from markdown, and never markup", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=catalogue");
  const catalogue = [
    {
      id: "ci__download_usage",
      description: "**Required:** pass a `projectSlug` (see [the docs](https://example.invalid/docs)); globs like '**/*.csv' stay. <img src=x onerror=alert(1)>",
    },
    { id: "ci__list_pipelines", description: "List the pipelines of a project." },
  ];
  await page.getByLabel("Catalogue JSON").fill(JSON.stringify(catalogue));
  await page.getByRole("button", { name: "Build the index and search it" }).click();
  await typeQuery(page, "download usage data");
  const description = hits(page).first().locator(".desc");
  await expect(hits(page).first()).toHaveAttribute("data-id", "ci__download_usage");
  await expect(description).toHaveText("Required: pass a projectSlug (see the docs); globs like '**/*.csv' stay. <img src=x onerror=alert(1)>");
  await expect(description.locator("strong")).toHaveText("Required:");
  await expect(description.locator("code")).toHaveText("projectSlug");
  await expect(description.locator("img, a")).toHaveCount(0);
});

test.describe("on a 390 px screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header, the tabs and the hits use the width and nothing overflows", async ({ page, requests: _requests }) => {
    await openPlayground(page, "/?q=create+a+pull+request");
    const width = 390;
    // The tagline had a third of the width beside the copy button (one or two words a line).
    const tagline = await page.locator(".tagline").boundingBox();
    expect.soft(tagline!.width).toBeGreaterThan(width * 0.75);
    // Every tab can be seen and reached without scrolling the tab strip.
    for (const tab of await page.getByRole("tab").all()) {
      const box = (await tab.boundingBox())!;
      expect.soft(box.x, `${await tab.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
      expect.soft(box.x + box.width, `${await tab.textContent()} ends on screen`).toBeLessThanOrEqual(width);
    }
    // A hit's name had 2 rem between the rank and the score bar (four letters a line).
    const name = await hits(page).first().locator(".hit-id").boundingBox();
    expect.soft(name!.width).toBeGreaterThan(width * 0.55);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, "horizontal overflow of the page in px").toBe(0);
  });
});

test("a catalogue error appears in view at 1400×1000, above the editor", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=catalogue");
  const editor = page.getByLabel("Catalogue JSON");
  await editor.fill('[\n  { "id": "weather__now",\n    "description": "Current weather", }\n]');
  await page.getByRole("button", { name: "Build the index and search it" }).click();
  const error = page.getByTestId("catalogue-error");
  await expect(error).toContainText("This is not valid JSON.");
  await expect(error).toBeInViewport({ ratio: 1 });
  expect((await error.boundingBox())!.y).toBeLessThan((await editor.boundingBox())!.y);
});

test("the journal's lines wrap, so the part after their common start is in sight", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=agent");
  await page.getByRole("button", { name: "Run the script" }).click();
  const journal = page.getByLabel("Journal (JSON lines)");
  await expect(journal).toHaveValue(/"id":"playground-[a-z0-9]+-[a-z0-9]+#turn:0:tool:0:search"/u);
  // Every record starts {"format":"toolsift.journal","v":1,"id":"playground-…#tur… and was cut there.
  const hidden = await journal.evaluate((element: HTMLTextAreaElement) => element.scrollWidth - element.clientWidth);
  expect(hidden, "px of the journal scrolled out of sight to the right").toBe(0);
});

test("the agent run's script wraps its long lines instead of running past the box", async ({ page, requests: _requests }) => {
  // A phone-sized window, where the script's longest call is wider than its box.
  await page.setViewportSize({ width: 480, height: 900 });
  await openPlayground(page, "/?view=agent");
  const script = page.getByLabel("Script: the model's tool calls");
  await expect(script).toHaveValue(/github__create_pull_request/u);
  const overflow = await script.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("emoji in descriptions render in colour, not as boxes", async ({ page, requests: _requests }) => {
  await openPlayground(page);
  // In the page's own font stack: a colour emoji font draws coloured pixels; without one the
  // glyph is a box or an outline in the text colour (grey levels only).
  const coloured = await page.locator("#search-results").evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext("2d")!;
    context.font = getComputedStyle(element).font.replace(/\d+(\.\d+)?px/, "40px");
    context.fillStyle = "#000";
    context.fillText("\u{1F680}", 4, 48);
    const data = context.getImageData(0, 0, 64, 64).data;
    for (let index = 0; index < data.length; index += 4) if (data[index] !== data[index + 1] || data[index + 1] !== data[index + 2]) return true;
    return false;
  });
  expect(coloured, "🚀 draws no colour: no emoji font (scripts/ensure-chromium.sh installs fonts-noto-color-emoji)").toBe(true);
});

test("the header says the catalogue's tool count once, and the examples are its own requests", async ({ page, requests: _requests }) => {
  await openPlayground(page);
  const header = (await page.locator("header.top").textContent()) ?? "";
  const size = await page.evaluate(() => (window as unknown as { toolsiftPlayground: { store: { ranker: { size: number } } } }).toolsiftPlayground.store.ranker.size);
  const shown = size.toLocaleString("en-US");
  expect(header.split(shown).length - 1, `"${shown}" in the header: ${header}`).toBe(1);
  await expect(page.getByTestId("catalogue-fact")).toHaveText(`MCP catalogue · ${shown} tools`);
  // The embedded catalogue's chips: each request finds a tool of it.
  await expect(page.locator("button.chip.example").first()).toHaveText("create a pull request");
});
