// The agent-run view with groups on: each server of the embedded catalogue is a dynamic group
// under a limit of 128 tools; the catalogue block, a whole-server load, a blind call answered
// with its signature, and a replay identical from the journal.
import { expect, openPlayground, test } from "./fixtures.js";

test("agent run: the groups script shows the catalogue block, a group load and a blind call", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=agent");
  await page.getByRole("button", { name: "The groups script" }).click();
  await expect(page.getByLabel(/Groups on/u)).toBeChecked();
  await page.getByRole("button", { name: "Run the script" }).click();
  const block = page.getByTestId("catalogue-block");
  await expect(block).toContainText("Connected servers:");
  await expect(block).toContainText('- argocd: 16 tools, names start with "argocd__"');
  const load = page.locator(".steps .step").nth(1);
  await expect(load).toContainText("group argocd: 16 tools, one load");
  const blind = page.locator(".steps .step").nth(3);
  await expect(blind).toContainText("blind call");
  await expect(blind).toContainText("It takes: mapbox__DirectionsTool(");
  await expect(page.locator(".steps .step").nth(4)).toContainText("on the menu");
  await page.getByRole("button", { name: "Replay from the journal" }).click();
  await expect(page.getByTestId("replay-result")).toContainText("Replay identical.");
});
