// The agent view's journal card: the run's journal as JSON lines, editable once the run is
// finished (Replay then serves the edited text), and a download of it.
import { h, uid } from "../../ui/dom.js";
import { download } from "../../ui/download.js";

export interface JournalPanel {
  readonly element: HTMLElement;
  readonly text: HTMLTextAreaElement;
}

export function journalPanel(): JournalPanel {
  const journalId = uid("journal");
  // Wrapped: every record begins with the same 60 characters, which were all a line showed.
  const text = h("textarea", { id: journalId, class: "code journal-text", spellcheck: "false", wrap: "soft", rows: 14, readonly: true, "aria-describedby": `${journalId}-help` });
  const element = h(
    "div",
    { class: "card stack-gap" },
    h("h3", {}, h("label", { for: journalId }, "Journal (JSON lines)")),
    h("p", { id: `${journalId}-help`, class: "hint" }, "One record per search decision. Edit it and press Replay to see a tampered journal clipped, never widened."),
    text,
    h("button", { type: "button", class: "secondary", onclick: () => download(text.value, "playground-run.jsonl", "application/x-ndjson") }, "Download the journal"),
  );
  return { element, text };
}
