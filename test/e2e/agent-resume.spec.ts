// The agent run keeps its journal in IndexedDB: a reload in the middle of a run resumes it from
// the stored records (the calls made replayed without the ranker, the same menu), and the run
// finishes with the menu and the journal of a run never interrupted. A cleared run starts
// fresh; a corrupt stored record, and a write the store refuses, are shown as typed errors. A
// second tab on the same run leaves it to the tab that holds it.
import type { Page } from "@playwright/test";
import { expect, openPlayground, playgroundReady, test } from "./fixtures.js";

// The playground's journal database and its one object store (src/journal/stores/indexeddb.ts).
const DATABASE = "toolsift-journal";
const STORE = "records";

/** The records IndexedDB holds for a run, in key order. */
function storedRecords(page: Page, runId: string): Promise<unknown[]> {
  return page.evaluate(
    ({ database, store, runId }) =>
      new Promise<unknown[]>((resolve, reject) => {
        const opening = indexedDB.open(database);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const reading = db.transaction(store, "readonly").objectStore(store).getAll(IDBKeyRange.bound([runId, 0], [runId, Number.MAX_SAFE_INTEGER]));
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            db.close();
            resolve(reading.result as unknown[]);
          };
        };
      }),
    { database: DATABASE, store: STORE, runId },
  );
}

/** Writes `value` into IndexedDB at the run's `position`, as a damaged or tampered store would hold it. */
function storeRaw(page: Page, runId: string, position: number, value: unknown): Promise<void> {
  return page.evaluate(
    ({ database, store, runId, position, value }) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open(database);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const transaction = db.transaction(store, "readwrite");
          transaction.objectStore(store).put(value, [runId, position]);
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { database: DATABASE, store: STORE, runId, position, value },
  );
}

const progress = (page: Page) => page.getByTestId("run-progress");
const menuNames = (page: Page) => page.getByRole("list", { name: "Menu" }).locator("code").allTextContents();
const journalText = (page: Page) => page.getByLabel("Journal (JSON lines)").inputValue();

async function runId(page: Page): Promise<string> {
  const id = await progress(page).getAttribute("data-run");
  expect(id).toMatch(/^playground-/u);
  return id!;
}

/** Makes the run's next call and waits until its records are stored. */
async function nextCall(page: Page, done: number): Promise<void> {
  await page.getByRole("button", { name: "Run the next call" }).click();
  await expect(progress(page)).toHaveAttribute("data-done", String(done));
  await expect(progress(page)).toContainText(`${done} of 7 calls made`);
}

/** Text of records or JSON lines with a run's id replaced, so two runs can be compared. */
const neutral = (value: unknown, id: string): string => (typeof value === "string" ? value : JSON.stringify(value)).replaceAll(id, "RUN");

test("a reload in the middle of an agent run resumes it from IndexedDB and finishes as an uninterrupted run", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=agent");
  // The uninterrupted run.
  await page.getByRole("button", { name: "Run the script" }).click();
  await expect(page.getByTestId("run-result")).toContainText("Ran 7 calls");
  const whole = await runId(page);
  await expect(page).toHaveURL(new RegExp(`run=${whole}`, "u"));
  const wholeMenu = await menuNames(page);
  const wholeText = await journalText(page);
  const wholeRecords = await storedRecords(page, whole);
  expect(wholeRecords.length).toBeGreaterThan(3);
  expect(wholeText.trim().split("\n").map((line) => JSON.parse(line) as unknown)).toEqual(wholeRecords);

  // The same script a call at a time: a new run, which clears the stored one.
  await nextCall(page, 1);
  const stepped = await runId(page);
  expect(stepped).not.toBe(whole);
  expect(await storedRecords(page, whole)).toEqual([]);
  await nextCall(page, 2);
  await nextCall(page, 3);
  const menuBefore = await menuNames(page);
  const storedBefore = await storedRecords(page, stepped);
  expect(storedBefore.length).toBeGreaterThan(0);

  await page.reload();
  await playgroundReady(page);
  await expect(page).toHaveURL(new RegExp(`run=${stepped}`, "u"));
  const resumed = page.getByTestId("run-resumed");
  await expect(resumed).toContainText(`3 calls replayed from ${storedBefore.length} stored records with 0 ranker calls`);
  await expect(resumed).toContainText("the menu is the one the run had");
  await expect(progress(page)).toContainText("3 of 7 calls made");
  await expect(page.locator(".steps .step")).toHaveCount(3);
  await expect(page.locator('.steps .step[data-source="replay"]').first()).toBeVisible();
  await expect(page.locator('.steps .step[data-source="live"]')).toHaveCount(0);
  expect(await menuNames(page)).toEqual(menuBefore);
  // Resuming stored nothing again.
  expect(await storedRecords(page, stepped)).toEqual(storedBefore);

  await page.getByRole("button", { name: "Finish the run" }).click();
  await expect(page.getByTestId("run-result")).toContainText("Ran 7 calls");
  await expect(page.locator(".steps .step")).toHaveCount(7);
  expect(await menuNames(page)).toEqual(wholeMenu);
  // No record lost or repeated: the stored journal is the uninterrupted run's, record for record.
  const steppedRecords = await storedRecords(page, stepped);
  expect(steppedRecords).toHaveLength(wholeRecords.length);
  expect(neutral(steppedRecords, stepped)).toBe(neutral(wholeRecords, whole));
  expect(neutral(await journalText(page), stepped)).toBe(neutral(wholeText, whole));

  await page.getByRole("button", { name: "Replay from the journal" }).click();
  await expect(page.getByTestId("replay-result")).toContainText("Replay identical");
});

test("a cleared run is gone after a reload and the next run starts fresh", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=agent");
  await nextCall(page, 1);
  await nextCall(page, 2);
  const cleared = await runId(page);
  expect((await storedRecords(page, cleared)).length).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Clear the stored run" }).click();
  await expect(page.getByTestId("run-cleared")).toBeVisible();
  await expect(page).not.toHaveURL(/run=/u);
  expect(await storedRecords(page, cleared)).toEqual([]);
  await expect(page.locator(".steps .step")).toHaveCount(0);

  await page.reload();
  await playgroundReady(page);
  await expect(page.getByRole("button", { name: "Run the next call" })).toBeEnabled();
  await expect(page.getByTestId("run-resumed")).toHaveCount(0);
  await expect(progress(page)).toHaveCount(0);
  // Its old address finds nothing to resume either.
  await openPlayground(page, `/?view=agent&run=${cleared}`);
  await expect(page.getByTestId("run-missing")).toContainText(`No run ${cleared} is stored`);

  await nextCall(page, 1);
  const fresh = await runId(page);
  expect(fresh).not.toBe(cleared);
  const records = (await storedRecords(page, fresh)) as { id: string }[];
  expect(records.map((record) => record.id)).toEqual([`${fresh}#turn:0:tool:0:search`]);
});

test("a corrupt record in IndexedDB is refused with the store's typed error naming it", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=agent");
  await nextCall(page, 1);
  await nextCall(page, 2);
  const id = await runId(page);
  await storeRaw(page, id, 1, { format: "toolsift.journal", v: 99, id: `${id}#turn:1:tool:0:search`, value: {} });

  await page.reload();
  await playgroundReady(page);
  const error = page.getByTestId("run-error");
  await expect(error).toContainText("invalid_journal");
  await expect(error).toContainText(`The stored journal record at ${JSON.stringify([id, 1])} is refused`);
  await expect(page.getByTestId("run-resumed")).toHaveCount(0);
  // Not a blank page: the view stands, and clearing the run lets a new one start.
  await expect(page.getByRole("heading", { name: "Agent run" })).toBeVisible();
  await page.getByRole("button", { name: "Clear the stored run" }).click();
  await expect(page.getByTestId("run-cleared")).toBeVisible();
  expect(await storedRecords(page, id)).toEqual([]);
  await nextCall(page, 1);
});

test("a write IndexedDB refuses stops the run with journal_write_failed, and a reload resumes before it", async ({ page, requests: _requests }) => {
  // The store fails while the test says so: every put throws, as a full disk would.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore["put"]>) {
      if ((globalThis as { failJournalWrites?: boolean }).failJournalWrites === true) throw new DOMException("The test refuses this write.", "QuotaExceededError");
      return put.apply(this, args);
    };
  });
  await openPlayground(page, "/?view=agent");
  await nextCall(page, 1);
  const id = await runId(page);
  await page.evaluate(() => ((globalThis as { failJournalWrites?: boolean }).failJournalWrites = true));
  await page.getByRole("button", { name: "Run the next call" }).click();
  const error = page.getByTestId("run-error");
  await expect(error).toContainText("journal_write_failed");
  await expect(error).toContainText(JSON.stringify(JSON.stringify([id, 1])));
  await expect(page.getByRole("button", { name: "Finish the run" })).toBeDisabled();
  expect(await storedRecords(page, id)).toHaveLength(1);

  // The reload (writes allowed again) resumes after the one call whose record is stored.
  await page.reload();
  await playgroundReady(page);
  await expect(page.getByTestId("run-resumed")).toContainText("1 call replayed from 1 stored record");
  await page.getByRole("button", { name: "Finish the run" }).click();
  await expect(page.getByTestId("run-result")).toContainText("Ran 7 calls");
  const records = (await storedRecords(page, id)) as { id: string }[];
  expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
  expect(records[1]?.id).toBe(`${id}#turn:1:tool:0:search`);
});

test("a second tab on a stored run leaves it to the tab that holds it, and takes it once that tab is gone", async ({ page, requests: _requests }) => {
  await openPlayground(page, "/?view=agent");
  await nextCall(page, 1);
  await nextCall(page, 2);
  const id = await runId(page);
  const before = await storedRecords(page, id);

  // The same address in another tab of this browser (the same IndexedDB).
  const second = await page.context().newPage();
  await openPlayground(second, `/?view=agent&run=${id}`);
  await expect(second.getByTestId("run-elsewhere")).toContainText(`The run ${id} is open in another tab`);
  await expect(second.getByTestId("run-resumed")).toHaveCount(0);
  await expect(progress(second)).toHaveCount(0);
  // A run of its own there leaves the held run's records alone.
  await nextCall(second, 1);
  const own = await runId(second);
  expect(own).not.toBe(id);
  expect(await storedRecords(second, id)).toEqual(before);
  // The first tab goes on with its run.
  await nextCall(page, 3);
  expect((await storedRecords(page, id)).length).toBeGreaterThan(before.length);
  const held = await storedRecords(page, id);

  // Once the first tab is closed, the address resumes in the second.
  await page.close();
  await openPlayground(second, `/?view=agent&run=${id}`);
  await expect(second.getByTestId("run-resumed")).toContainText(`3 calls replayed from ${held.length} stored records`);
  await second.close();
});
