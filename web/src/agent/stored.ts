// The agent run kept in this browser, so a reload keeps it: its journal in IndexedDB
// (`IndexedDbJournal`, keyed by the run id that the address names with `run=`), and beside it
// in localStorage what a journal does not hold: the script, the switches, how many calls were
// made and the menu after them (which a resumed run must have again).
import { IndexedDbJournal } from "../../../src/journal/stores/index.js";

/** The database of the playground's journals (the store's default). */
export const JOURNAL_DATABASE = "toolsift-journal";

export interface StoredRun {
  readonly runId: string;
  readonly script: string;
  readonly skills: boolean;
  readonly groups: boolean;
  /** Calls made, their records stored. */
  readonly done: number;
  /** The menu after those calls. */
  readonly menu: readonly string[];
}

/** A stored run that cannot be read back; `key` names the localStorage entry. */
export class StoredRunError extends Error {
  constructor(
    message: string,
    readonly key: string,
  ) {
    super(message);
    this.name = "StoredRunError";
  }
}

const keyOf = (runId: string): string => `toolsift.agent-run:${runId}`;

/** A fresh run id: the time and a random part, so no stored record of another run can match. */
export function newRunId(): string {
  return `playground-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** The run stored under `runId`, undefined when none is; one that is not a run is a `StoredRunError`. */
export function readStoredRun(runId: string): StoredRun | undefined {
  const key = keyOf(runId);
  let text: string | null;
  try {
    text = localStorage.getItem(key);
  } catch (error) {
    throw new StoredRunError(`The stored run ${JSON.stringify(key)} could not be read: ${String(error)}`, key);
  }
  if (text === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StoredRunError(`The stored run ${JSON.stringify(key)} is not JSON.`, key);
  }
  const run = value as Partial<Record<keyof StoredRun, unknown>>;
  if (
    typeof value !== "object" ||
    value === null ||
    run.runId !== runId ||
    typeof run.script !== "string" ||
    typeof run.skills !== "boolean" ||
    typeof run.groups !== "boolean" ||
    typeof run.done !== "number" ||
    !Number.isSafeInteger(run.done) ||
    run.done < 0 ||
    !isStrings(run.menu)
  ) {
    throw new StoredRunError(`The stored run ${JSON.stringify(key)} is not a run of the playground (runId, script, skills, groups, done, menu).`, key);
  }
  return { runId, script: run.script, skills: run.skills, groups: run.groups, done: run.done, menu: run.menu };
}

export function saveStoredRun(run: StoredRun): void {
  const key = keyOf(run.runId);
  try {
    localStorage.setItem(key, JSON.stringify(run));
  } catch (error) {
    throw new StoredRunError(`The stored run ${JSON.stringify(key)} could not be written: ${String(error)}`, key);
  }
}

/** Opens the run's journal: its stored records loaded, new ones written behind the session. */
export function openRunJournal(runId: string): Promise<IndexedDbJournal> {
  return IndexedDbJournal.open(runId, { database: JOURNAL_DATABASE });
}

/** Deletes the run: its entry first (so a half-cleared run is never resumed), then its records. */
export async function clearStoredRun(runId: string): Promise<void> {
  try {
    localStorage.removeItem(keyOf(runId));
  } catch {
    // Storage that cannot be read holds no run to resume.
  }
  await IndexedDbJournal.clear(runId, { database: JOURNAL_DATABASE });
}

/**
 * Claims `runId` for this tab (a Web Lock held until `release` is called or the tab goes): two
 * tabs stepping one stored run would write the same journal positions. Undefined when another
 * tab of this browser holds it. A reloaded tab's old page may still hold the lock for a moment,
 * so a refusal is asked again for up to `patienceMs` before it is believed.
 */
export async function claimRun(runId: string, patienceMs = 1500): Promise<(() => void) | undefined> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (locks === undefined) return () => undefined;
  const deadline = performance.now() + patienceMs;
  for (;;) {
    const release = await new Promise<(() => void) | undefined>((answer) => {
      void locks.request(`${keyOf(runId)}:claim`, { ifAvailable: true }, (lock) => {
        if (lock === null) {
          answer(undefined);
          return undefined;
        }
        return new Promise<void>((done) => answer(done));
      });
    });
    if (release !== undefined || performance.now() >= deadline) return release;
    await new Promise((wait) => setTimeout(wait, 100));
  }
}
