// The trust, evaluation and settings views, and state carried in the URL.
import { expect, hits, openPlayground, test } from "./fixtures.js";

test("trust: a third-party server's descriptions are withheld and vouching brings one back", async ({ page, requests: _requests }, testInfo) => {
  await openPlayground(page, "/?view=trust&q=create+a+pull+request");
  const ranking = page.locator(".trust-view .hits");
  const github = ranking.locator('.hit[data-id="github__create_pull_request"]');
  await expect(github.locator(".desc")).toContainText("Create a new pull request");

  await page.getByRole("button", { name: "GitHub is a third-party server" }).click();
  await expect(github.locator(".desc")).toHaveText("Third-party tool; description withheld");
  await expect(github.locator(".badge.third-party")).toBeVisible();
  await expect(page).toHaveURL(/trust=/);
  await page.screenshot({ path: testInfo.outputPath("trust-third-party.png"), fullPage: true });

  await page.getByRole("button", { name: "…and vouch for one of its tools" }).click();
  await expect(github.locator(".badge.vouched")).toBeVisible();
  await expect(github.locator(".desc")).toContainText("Create a new pull request");

  await page.getByRole("button", { name: "…but its description is tainted" }).click();
  await expect(github.locator(".badge.tainted")).toBeVisible();
  await expect(github.locator(".desc")).toHaveText("Third-party tool; description withheld");

  // A host alias lifts a tool the query never named.
  await page.getByRole("button", { name: /Host alias/ }).click();
  await expect(page.getByRole("searchbox", { name: "Query" })).toHaveValue("open a PR");
  await expect(ranking.locator(".hit").first()).toHaveAttribute("data-id", "gitlab__create_merge_request");
  await expect(ranking.locator(".hit").first().locator(".badge.annotated")).toBeVisible();
});

test("evaluation: a labelled set gives recall@k, a chart and misses that explain themselves", async ({ page, requests: _requests }, testInfo) => {
  await openPlayground(page, "/?view=evaluation");
  await page.getByLabel("Labelled set").selectOption({ label: "MCP catalogue — English requests" });
  const metrics = page.getByTestId("metrics");
  await expect(metrics).toContainText("recall@10");
  await expect(metrics).toContainText("115");
  await expect(page.locator("svg.chart circle.dot")).toHaveCount(10);
  const misses = page.locator(".misses button");
  const count = await misses.count();
  if (count > 0) {
    await misses.first().click();
    await expect(page.getByTestId("why")).toContainText("Expected");
    await expect(page.getByTestId("why")).toContainText("Ranked above them");
  }
  await page.screenshot({ path: testInfo.outputPath("evaluation.png"), fullPage: true });
});

test("settings: a change rebuilds in the page, shows the build time and lands in the URL", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?q=take+a+screenshot");
  await expect(page.getByTestId("build-status")).toContainText("prebuilt artifact");
  await page.getByLabel("stemming (Porter / Snowball Russian)").check();
  await expect(page.getByTestId("build-time")).toContainText("ms");
  await expect(page).toHaveURL(/analyzer=stem/);
  await expect(page).toHaveURL(/q=take\+a\+screenshot/);
  await expect(hits(page).first()).toBeVisible();
});

test("a link reproduces the query and the settings", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?q=query+a+postgres+database&k1=2&w.name=5&stopwords=off");
  await expect(page.getByRole("searchbox", { name: "Search the catalogue" })).toHaveValue("query a postgres database");
  await expect(page.getByRole("spinbutton", { name: "k1 (exact value)" })).toHaveValue("2");
  await expect(page.getByRole("spinbutton", { name: "name (exact value)" })).toHaveValue("5");
  await expect(page.getByLabel("Drop query stopwords")).not.toBeChecked();
  // With stopwords off, "a" is scored rather than dropped.
  await expect(page.getByTestId("build-time")).toContainText("ms");
  await expect(page.getByRole("list", { name: "Query terms" })).toContainText("a");
  await expect(hits(page).first()).toBeVisible();
});

test("every control in every view has a label, and the tabs follow the arrow keys", async ({ page, requests: _requests }) => {
  await openPlayground(page);
  const views = ["Search", "Your catalogue", "Trust", "Agent run", "Evaluation", "Skills"];
  for (const name of views) {
    await page.getByRole("tab", { name }).click();
    await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("input, select, textarea, button")]
        .filter((element) => element.offsetParent !== null)
        .filter((element) => {
          const labelled = "labels" in element && (element as HTMLInputElement).labels !== null && (element as HTMLInputElement).labels!.length > 0;
          return !labelled && !element.getAttribute("aria-label") && !element.getAttribute("aria-labelledby") && (element.textContent ?? "").trim() === "";
        })
        .map((element) => element.outerHTML.slice(0, 120)),
    );
    expect(unlabelled, `unlabelled controls in ${name}`).toEqual([]);
  }
  await page.getByRole("tab", { name: "Evaluation" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Agent run" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Agent run" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/view=agent/);
});
