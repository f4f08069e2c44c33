// Small list helpers of the trust view's controls.

/** `list` with `item` in it (at the end) when `on`, without it otherwise. */
export function toggled(list: readonly string[], item: string, on: boolean): string[] {
  const rest = list.filter((entry) => entry !== item);
  return on ? [...rest, item] : rest;
}

/** The labels of a comma-separated field, trimmed, empty ones dropped. */
export function splitLabels(text: string): string[] {
  return text.split(",").map((label) => label.trim()).filter((label) => label.length > 0);
}
