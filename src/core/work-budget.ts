/**
 * Work an operation may spend, in units it names (code units read, distance cells
 * computed). A model-triggered scan over a large catalogue is bounded by the work it does,
 * not only by how many results it keeps: a count cap does not stop 64 fragments from each
 * scanning 200,000 names.
 *
 * @example
 * const budget = new WorkBudget(4_000_000);
 * for (const name of names) if (!budget.take(name.length)) break;
 */
export class WorkBudget {
  readonly limit: number;
  #spent = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** Units spent so far. */
  get spent(): number {
    return this.#spent;
  }

  /** Spends `units` when they fit in what is left; `false`, spending nothing, when they do not. */
  take(units: number): boolean {
    if (this.#spent + units > this.limit) return false;
    this.#spent += units;
    return true;
  }

  /** Spends `units` whether or not they fit: work an operation does once whatever the budget. */
  force(units: number): void {
    this.#spent += units;
  }
}
