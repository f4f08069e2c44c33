// Number formatting for the page: times, sizes, scores.
// Whole numbers with thousands separators, as en-US writes them. Not `Intl.NumberFormat`:
// its first use in a fresh browser loads locale data (tens of ms on the first answer's path).
export function count(value: number): string {
  if (!Number.isSafeInteger(value)) return (lazyFormat ??= new Intl.NumberFormat("en-US")).format(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${digits}` : digits;
}
let lazyFormat: Intl.NumberFormat | undefined;

export function milliseconds(value: number): string {
  if (value < 10) return `${value.toFixed(1)} ms`;
  return `${count(Math.round(value))} ms`;
}

export function microseconds(value: number): string {
  if (value < 10) return `${value.toFixed(1)} µs`;
  return `${count(Math.round(value))} µs`;
}

/** A time given in µs, shown in µs below 1 ms and in ms from there. */
export function duration(micros: number): string {
  return micros < 1000 ? microseconds(micros) : milliseconds(micros / 1000);
}

export function bytes(value: number): string {
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${(value / 1024 / 1024).toFixed(2)} MiB`;
}

export function score(value: number): string {
  return value >= 100 ? value.toFixed(1) : value.toFixed(2);
}

export function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/** "1 call", "3 calls": a count and its noun. */
export function counted(value: number, noun: string): string {
  return `${count(value)} ${value === 1 ? noun : `${noun}s`}`;
}
