// Shared fixtures of the playground tests: every request the page makes is recorded, and a
// test fails if any of them leaves 127.0.0.1 (blob: downloads and data: URLs stay in the page)
// or if the page threw or logged an error.
import { test as base, expect, type Page } from "@playwright/test";

export const test = base.extend<{ requests: string[] }>({
  requests: async ({ page }, use) => {
    const requests: string[] = [];
    const errors: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await use(requests);
    expect(errors, "errors in the page").toEqual([]);
    const remote = requests.filter((url) => {
      const parsed = new URL(url);
      if (parsed.protocol === "blob:" || parsed.protocol === "data:") return false;
      return parsed.hostname !== "127.0.0.1";
    });
    expect(remote, "requests that left 127.0.0.1").toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
  },
});

export { expect };

/** Opens the playground and waits until the first query has been answered. */
export async function openPlayground(page: Page, path = "/"): Promise<void> {
  await page.goto(path);
  await playgroundReady(page);
}

/** Waits until the page (opened or reloaded) has answered its first query and has its catalogue. */
export async function playgroundReady(page: Page): Promise<void> {
  await expect(page.getByTestId("first-query")).toContainText("ms after navigation start");
  // The catalogue's text (descriptions, servers) arrives behind the index.
  await page.waitForFunction(() => (window as unknown as { toolsiftPlayground?: { timings: { catalogueReady?: number } } }).toolsiftPlayground?.timings.catalogueReady !== undefined);
}

/** Replaces the search box's text by typing, key by key, as a user would. */
export async function typeQuery(page: Page, query: string): Promise<void> {
  const box = page.getByRole("searchbox", { name: "Search the catalogue" });
  await box.fill("");
  await box.pressSequentially(query, { delay: 15 });
  await expect(box).toHaveValue(query);
}

export function hits(page: Page) {
  return page.locator("#search-results .hit");
}
