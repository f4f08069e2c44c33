// A ranked hit list: score bars, matched terms highlighted in the name and description,
// trust badges, and an explanation per hit behind a toggle. Arrow keys move between hits.
import type { HitExplanation } from "../../../src/entry/browser.js";
import { WITHHELD_DESCRIPTION } from "../../../src/entry/browser.js";
import type { Store } from "../state/store.js";
import { h, uid } from "../ui/dom.js";
import { score } from "../ui/format.js";
import { explanation } from "./explain.js";
import { breakable, clip, highlight } from "./highlight.js";

export interface HitListOptions {
  /** Shorter lines, no explanation toggle (the trust view). */
  readonly compact?: boolean;
  /** Query-term weights, to mark lexicon expansions in explanations. */
  readonly weights?: ReadonlyMap<string, number>;
  /** Ranks before the last change, by id, to show movement. */
  readonly previous?: ReadonlyMap<string, number>;
  /** Ids whose explanation starts open. */
  readonly open?: ReadonlySet<string>;
  /** Called when a hit's explanation is opened or closed. */
  readonly onToggle?: (id: string, open: boolean) => void;
}

function trustBadges(store: Store, id: string): HTMLElement[] {
  const verdict = store.verdict(id);
  if (verdict === undefined) return [];
  const badges: HTMLElement[] = [];
  if (verdict.descriptionTainted) badges.push(h("span", { class: "badge tainted", title: "Description arrived through an untrusted channel: never indexed, never shown" }, "tainted"));
  if (verdict.thirdParty && verdict.vouched) badges.push(h("span", { class: "badge vouched", title: "Third-party; the operator vouches for its text" }, "vouched"));
  else if (verdict.thirdParty) badges.push(h("span", { class: "badge third-party", title: "Third-party: its own text is neither indexed nor shown" }, "third-party"));
  const annotation = store.trust.annotations[id];
  const labels = [...(annotation?.tags ?? []), ...(annotation?.aliases ?? [])];
  if (labels.length > 0) badges.push(h("span", { class: "badge annotated", title: `Host annotations: ${labels.join(", ")}` }, "annotated"));
  return badges;
}

function description(store: Store, id: string, matched: ReadonlySet<string>, max: number): HTMLElement {
  const tool = store.catalogue?.byId.get(id);
  if (tool === undefined) return h("p", { class: "desc muted" }, store.catalogue === undefined ? "Loading the catalogue text…" : "");
  const verdict = store.verdict(id);
  if (verdict !== undefined && verdict.description === undefined && !verdict.ownTextTrusted) {
    return h("p", { class: "desc withheld" }, WITHHELD_DESCRIPTION);
  }
  const text = clip(tool.description.replace(/\s+/g, " ").trim(), max);
  return h("p", { class: "desc" }, text.length > 0 ? highlight(text, matched, store.ranker) : h("span", { class: "muted" }, "(no description)"));
}

function labels(store: Store, id: string, matched: ReadonlySet<string>): HTMLElement | null {
  const annotation = store.trust.annotations[id];
  const tool = store.catalogue?.byId.get(id);
  const ownTrusted = store.verdict(id)?.ownTextTrusted ?? true;
  const items = [
    ...(annotation?.aliases ?? []).map((label) => ["alias", label, "host"] as const),
    ...(annotation?.tags ?? []).map((label) => ["tag", label, "host"] as const),
    ...(ownTrusted ? (tool?.aliases ?? []).map((label) => ["alias", label, "own"] as const) : []),
    ...(ownTrusted ? (tool?.tags ?? []).map((label) => ["tag", label, "own"] as const) : []),
  ];
  if (items.length === 0) return null;
  return h(
    "ul",
    { class: "labels", "aria-label": "Tags and aliases" },
    items.map(([kind, label, who]) => h("li", { class: `label ${kind} ${who}`, title: `${who === "host" ? "host annotation" : "the tool's own"} ${kind}` }, h("span", { class: "label-kind" }, kind), highlight(label, matched, store.ranker))),
  );
}

function movement(previous: ReadonlyMap<string, number> | undefined, id: string, rank: number): HTMLElement | null {
  if (previous === undefined) return null;
  const before = previous.get(id);
  if (before === undefined) return h("span", { class: "move up", title: "new in this ranking" }, "new");
  if (before === rank) return null;
  const up = before > rank;
  return h("span", { class: `move ${up ? "up" : "down"}`, title: `was #${before}` }, `${up ? "▲" : "▼"}${Math.abs(before - rank)}`);
}

/** The list element; hits must be best first. */
export function hitList(store: Store, hits: readonly HitExplanation[], options: HitListOptions = {}): HTMLOListElement {
  const top = hits[0]?.score ?? 0;
  const list = h("ol", { class: options.compact ? "hits compact" : "hits", "aria-label": "Ranked tools" });
  hits.forEach((hit, index) => {
    const rank = index + 1;
    const matched = new Set(hit.terms.filter((term) => term.score > 0).map((term) => term.term));
    const tool = store.catalogue?.byId.get(hit.id);
    const panelId = uid("explain");
    const open = options.open?.has(hit.id) ?? false;
    const width = top > 0 ? Math.max(2, (hit.score / top) * 100) : 0;
    const head = h(
      "span",
      { class: "hit-head" },
      h("span", { class: "rank", "aria-hidden": "true" }, String(rank)),
      h("span", { class: "hit-name" }, h("span", { class: "hit-id" }, breakable(highlight(hit.id, matched, store.ranker))), tool?.title ? h("span", { class: "hit-title" }, tool.title) : null),
      h("span", { class: "score", title: `score ${hit.score} = ${score(hit.termTotal)} (sum of the terms) × ${hit.nameFactor.toFixed(2)} (name coverage)` }, h("span", { class: "scorebar", "aria-hidden": "true" }, h("span", { style: `width:${width.toFixed(1)}%` })), h("span", { class: "score-value" }, score(hit.score))),
    );
    const panel = h("div", { class: "explain-panel", id: panelId, hidden: !open });
    if (open) panel.append(explanation(hit, options.weights));
    // The trust view's compact list only shows the ranking: its heads are not controls.
    const toggle = options.compact
      ? h("div", { class: "hit-toggle static" }, head)
      : h(
          "button",
          {
            type: "button",
            class: "hit-toggle",
            "aria-expanded": String(open),
            "aria-controls": panelId,
            "aria-label": `${rank}. ${hit.id}, score ${score(hit.score)}. Explain`,
            "data-id": hit.id,
            tabindex: index === 0 ? 0 : -1,
            onclick: () => {
              const expanded = toggle.getAttribute("aria-expanded") !== "true";
              toggle.setAttribute("aria-expanded", String(expanded));
              panel.hidden = !expanded;
              if (expanded && panel.childElementCount === 0) panel.append(explanation(hit, options.weights));
              options.onToggle?.(hit.id, expanded);
            },
          },
          head,
        );
    list.append(
      h(
        "li",
        { class: "hit", "data-id": hit.id },
        toggle,
        h("div", { class: "hit-meta" }, movement(options.previous, hit.id, rank), h("span", { class: "server" }, tool?.server ?? ""), trustBadges(store, hit.id)),
        description(store, hit.id, matched, options.compact ? 140 : 320),
        options.compact ? null : labels(store, hit.id, matched),
        options.compact ? null : panel,
      ),
    );
  });
  list.addEventListener("keydown", (event) => moveFocus(list, event));
  return list;
}

// Roving focus: one hit is in the tab order; arrows, Home and End move between them.
function moveFocus(list: HTMLElement, event: KeyboardEvent): void {
  const buttons = [...list.querySelectorAll<HTMLButtonElement>(".hit-toggle")];
  const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (current < 0) return;
  let next = current;
  if (event.key === "ArrowDown") next = Math.min(buttons.length - 1, current + 1);
  else if (event.key === "ArrowUp") next = current - 1;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = buttons.length - 1;
  else return;
  event.preventDefault();
  if (next < 0) {
    list.dispatchEvent(new CustomEvent("exit-top", { bubbles: true }));
    return;
  }
  focusHit(buttons, next);
}

export function focusHit(buttons: HTMLButtonElement[], index: number): void {
  buttons.forEach((button, at) => button.setAttribute("tabindex", at === index ? "0" : "-1"));
  buttons[index]?.focus();
}
