// Screenshots of the playground's main screens at a phone width and a desktop width, for a
// person to look at (they are not compared to anything): search, an opened explanation, an
// agent run, the skills view and a catalogue error. Written to test-results/screenshots/ (not committed).
import { fileURLToPath } from "node:url";
import { expect, hits, openPlayground, test, typeQuery } from "./fixtures.js";

const directory = fileURLToPath(new URL("../../test-results/screenshots/", import.meta.url));
const SIZES = [
  { name: "390x844", width: 390, height: 844 },
  { name: "1400x1000", width: 1400, height: 1000 },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("search and explanation", async ({ page, requests: _requests }) => {
      await openPlayground(page);
      await typeQuery(page, "create a pull request on github");
      await expect(hits(page).first()).toHaveAttribute("data-id", "github__create_pull_request");
      await page.screenshot({ path: `${directory}search-${size.name}.png` });
      await hits(page).first().locator(".hit-toggle").click();
      const table = hits(page).first().locator(".explain table");
      await expect(table).toBeVisible();
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${directory}explanation-${size.name}.png` });
    });

    test("agent run", async ({ page, requests: _requests }) => {
      await openPlayground(page, "/?view=agent");
      await page.getByRole("button", { name: "Run the script" }).click();
      await expect(page.getByTestId("run-result")).toContainText("search decisions journaled");
      await page.screenshot({ path: `${directory}agent-run-${size.name}.png` });
      await page.getByLabel("Journal (JSON lines)").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${directory}agent-journal-${size.name}.png` });
    });

    test("skills", async ({ page, requests: _requests }) => {
      await openPlayground(page, "/?view=skills");
      await expect(page.getByTestId("skill-index")).toContainText("- triage-bug:");
      await page.getByRole("button", { name: "Activate the skill" }).click();
      await page.getByRole("button", { name: "Edit one character" }).click();
      await page.getByRole("button", { name: "Replay the journal with these instructions" }).click();
      await expect(page.getByTestId("skill-replay")).toContainText("instructions_changed");
      await page.screenshot({ path: `${directory}skills-${size.name}.png` });
      await page.getByTestId("skill-replay").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${directory}skills-replay-${size.name}.png` });
    });

    test("catalogue error", async ({ page, requests: _requests }) => {
      await openPlayground(page, "/?view=catalogue");
      await page.getByLabel("Catalogue JSON").fill('[\n  { "id": "weather__now",\n    "description": "Current weather", }\n]');
      await page.getByRole("button", { name: "Build the index and search it" }).click();
      await expect(page.getByTestId("catalogue-error")).toContainText("This is not valid JSON.");
      await page.screenshot({ path: `${directory}catalogue-error-${size.name}.png` });
    });
  });
}
