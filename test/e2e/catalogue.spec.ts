// Your own catalogue: paste one and search it; a bad one gets a located error.
import { expect, hits, openPlayground, test, typeQuery } from "./fixtures.js";

const SMALL = JSON.stringify(
  [
    { id: "billing__refund_invoice", description: "Refund a paid invoice, fully or partly.", tags: ["billing"], aliases: ["give money back"] },
    { id: "billing__charge_invoice", description: "Charge an open invoice to the saved card.", tags: ["billing"] },
    { id: "crm__find_customer", description: "Find customers by name or email." },
    { id: "calendar__schedule_meeting", description: "Schedule a meeting and invite attendees.", aliases: ["book a call"] },
  ],
  null,
  2,
);

test("pastes a small catalogue and searches it", async ({ page, requests: _requests }, testInfo) => {
  await openPlayground(page);
  await page.getByRole("tab", { name: "Your catalogue" }).click();
  await page.getByLabel("Catalogue JSON").fill(SMALL);
  await page.getByRole("button", { name: "Build the index and search it" }).click();
  // Building switches to the search view over the new catalogue.
  await expect(page.getByRole("tab", { name: "Search" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("build-status")).toContainText("4 tools");
  await typeQuery(page, "give the customer their money back");
  await expect(hits(page).first()).toHaveAttribute("data-id", "billing__refund_invoice");
  await typeQuery(page, "book a call with the team");
  await expect(hits(page).first()).toHaveAttribute("data-id", "calendar__schedule_meeting");
  await page.screenshot({ path: testInfo.outputPath("own-catalogue-search.png"), fullPage: true });

  // Download the index artifact built from it.
  await page.getByRole("tab", { name: "Your catalogue" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the index artifact (.tsi)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("catalogue.tsi");
  const bytes = await (await import("node:fs/promises")).readFile((await file.path())!);
  expect([...bytes.subarray(0, 4)]).toEqual([0x54, 0x53, 0x46, 0x54]);
});

test("loads a bad catalogue and sees the located error", async ({ page, requests: _requests }, testInfo) => {
  await openPlayground(page, "/?view=catalogue");
  const editor = page.getByLabel("Catalogue JSON");
  await editor.fill('[\n  { "id": "weather__now", "description": "Current weather" },\n  { "id": "weather__alerts", "description": 42 }\n]\n');
  await page.getByRole("button", { name: "Build the index and search it" }).click();
  const error = page.getByTestId("catalogue-error");
  await expect(error).toContainText('entry 1 ("weather__alerts")');
  await expect(error).toContainText("description must be a string");
  await expect(page.getByTestId("catalogue-error-location")).toHaveText("Line 3, column 30");
  await expect(editor).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: testInfo.outputPath("bad-entry.png"), fullPage: true });
  await error.getByRole("button", { name: "Show in the editor" }).click();
  await expect(editor).toBeFocused();
  const selected = await editor.evaluate((element: HTMLTextAreaElement) => element.value.slice(element.selectionStart, element.selectionEnd));
  expect(selected).toBe('"description": 42');
  // The catalogue in use did not change.
  await expect(page.getByTestId("build-status")).toContainText("2,464 tools");

  await editor.fill('[\n  { "id": "weather__now",\n    "description": "Current weather", }\n]');
  await page.getByRole("button", { name: "Build the index and search it" }).click();
  await expect(error).toContainText("This is not valid JSON.");
  await expect(page.getByTestId("catalogue-error-location")).toHaveText(/^Line 3, column \d+$/);
  await page.screenshot({ path: testInfo.outputPath("bad-json.png"), fullPage: true });
});
