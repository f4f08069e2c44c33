// The main path: search, explain, run an agent script, replay it from the journal.
import { expect, hits, openPlayground, test, typeQuery } from "./fixtures.js";

test("types a query, explains the first hit, runs the agent script and replays it identically", async ({ page, requests }, testInfo) => {
  await openPlayground(page);
  await typeQuery(page, "create a pull request");
  await expect(hits(page).first()).toHaveAttribute("data-id", "github__create_pull_request");
  await expect(page.getByRole("list", { name: "Query terms" })).toHaveText(/create\s*pull\s*request/);
  await expect(page.getByTestId("query-time")).toContainText("µs");
  // The matched words are highlighted in the name and the description.
  await expect(hits(page).first().locator(".hit-id mark")).toHaveText(["create", "pull", "request"]);
  await expect(hits(page).first().locator(".desc mark").first()).toBeVisible();

  const first = hits(page).first().locator(".hit-toggle");
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  const table = hits(page).first().locator(".explain table");
  await expect(table).toBeVisible();
  await expect(table.locator("tbody th")).toHaveText(["create", "pull", "request", "pulled×0.3"]);
  await expect(table.locator("thead")).toContainText("name");
  // The table accounts for the whole score: the term totals sum to the foot's sum, the sum
  // times the name-coverage factor is the foot's score, and that is the score the hit shows.
  const parts = await table.evaluate((element) => {
    const value = (cell: Element | null) => Number(cell?.getAttribute("data-value"));
    return {
      terms: [...element.querySelectorAll("tbody td.total")].map(value),
      sum: value(element.querySelector('tfoot [data-part="sum"] td.total')),
      factor: value(element.querySelector('tfoot [data-part="factor"] td.total')),
      score: value(element.querySelector('tfoot [data-part="score"] td.total')),
    };
  });
  expect(parts.terms).toHaveLength(4);
  expect(Math.abs(parts.terms.reduce((total, term) => total + term, 0) - parts.sum)).toBeLessThan(1e-9);
  expect(parts.factor).toBeGreaterThan(1);
  expect(Math.abs(parts.sum * parts.factor - parts.score)).toBeLessThan(1e-9);
  const head = hits(page).first().locator(".score");
  const exact = Number(/^score ([\d.]+) /.exec((await head.getAttribute("title")) ?? "")?.[1]);
  expect(Math.abs(exact - parts.score)).toBeLessThan(1e-9);
  await expect(table.locator('tfoot [data-part="score"] td.total')).toHaveText((await head.locator(".score-value").textContent()) ?? "");
  await expect(table.locator('tfoot [data-part="factor"] th')).toHaveText("× name coverage");
  await page.screenshot({ path: testInfo.outputPath("1-search-explained.png"), fullPage: true });

  await page.getByRole("tab", { name: "Agent run" }).click();
  await expect(page).toHaveURL(/view=agent/);
  await page.getByRole("button", { name: "Run the script" }).click();
  await expect(page.getByTestId("run-result")).toContainText("search decisions journaled");
  const menu = page.getByRole("list", { name: "Menu" });
  await expect(menu).toContainText("github__create_pull_request");
  await expect(page.getByLabel("Journal (JSON lines)")).toHaveValue(/"id":"playground-[a-z0-9]+-[a-z0-9]+#turn:0:tool:0:search"/u);
  await page.screenshot({ path: testInfo.outputPath("2-agent-run.png"), fullPage: true });

  await page.getByRole("button", { name: "Replay from the journal" }).click();
  const replay = page.getByTestId("replay-result");
  await expect(replay).toContainText("Replay identical");
  await expect(replay).toContainText("0 ranker calls");
  await expect(page.locator('.step[data-source="replay"]').first()).toBeVisible();
  await expect(page.locator('.step[data-source="live"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("3-replay-identical.png"), fullPage: true });

  // The start-up figure the issue asks for, measured in the page.
  const firstQuery = await page.evaluate(() => (window as unknown as { toolsiftPlayground: { timings: { firstQuery: number } } }).toolsiftPlayground.timings.firstQuery);
  testInfo.annotations.push({ type: "first query (ms after navigation start)", description: firstQuery.toFixed(1) });
  expect(requests.some((url) => url.endsWith(".wasm"))).toBe(true);
  expect(requests.some((url) => url.endsWith("mcp-catalogue.tsi"))).toBe(true);
});

test("a tampered journal is not replayed as identical", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=agent");
  await page.getByRole("button", { name: "Run the script" }).click();
  await expect(page.getByTestId("run-result")).toBeVisible();
  const journal = page.getByLabel("Journal (JSON lines)");
  const text = await journal.inputValue();
  // Swap the first decision's results for a tool the live run never showed.
  await journal.fill(text.replace(/"results":\["github__create_pull_request"/, '"results":["slack__slack_add_reaction"'));
  await page.getByRole("button", { name: "Replay from the journal" }).click();
  await expect(page.getByTestId("replay-result")).toContainText("differs");
});

test("arrow keys move through the hits and Enter opens an explanation", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?q=send+a+message+to+a+slack+channel");
  const box = page.getByRole("searchbox", { name: "Search the catalogue" });
  await expect(box).toHaveValue("send a message to a slack channel");
  await box.focus();
  await page.keyboard.press("ArrowDown");
  const toggles = page.locator("#search-results .hit-toggle");
  await expect(toggles.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(toggles.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toggles.nth(1)).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(box).toBeFocused();
});
