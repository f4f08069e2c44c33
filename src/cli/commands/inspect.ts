// `toolsift inspect <index.tsi>`: an artifact's header, options, sections and top index terms.
import { ARTIFACT_MAGIC } from "../../core/artifact.js";
import { Bm25ToolRanker } from "../../core/index.js";
import { ToolsiftError } from "../../errors.js";
import { parseCommand, UsageError } from "../args.js";
import { hasMagic, inputLimits, MAX_INPUT_OPTION, parseJsonBytes, readBounded, type Limits } from "../files.js";
import { EXIT_OK, visible, type Output } from "../output.js";
import { stopTerms } from "./query.js";

function notAnArtifact(path: string, detail: string): ToolsiftError {
  return new ToolsiftError("artifact_bad_magic", `${path} is not an index artifact (it does not start with "${String.fromCharCode(...ARTIFACT_MAGIC)}")${detail}`, { path: [path] });
}

/**
 * The artifact for inspect. Anything without the magic is refused; when it starts like JSON it
 * is read (under the JSON bound) to say whether it is a catalogue, else refused at once, so
 * `inspect /dev/zero` reads one chunk.
 */
async function readArtifact(path: string, limits: Limits): Promise<Uint8Array> {
  const startsLikeJson = (head: Uint8Array) => {
    const first = head.find((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09);
    return first === 0x7b || first === 0x5b; // { or [
  };
  const bytes = await readBounded(path, {
    what: "index",
    maxBytes: Math.max(limits.artifactBytes, limits.jsonBytes),
    headBytes: ARTIFACT_MAGIC.length,
    sniff: (head) => {
      if (hasMagic(head)) return { what: "index", maxBytes: limits.artifactBytes };
      if (startsLikeJson(head)) return { what: "file", maxBytes: limits.jsonBytes };
      throw notAnArtifact(path, "");
    },
  });
  if (hasMagic(bytes)) return bytes;
  try {
    parseJsonBytes(bytes, path, "file");
  } catch {
    throw notAnArtifact(path, "");
  }
  throw notAnArtifact(path, "; it is JSON, perhaps a catalogue: search it with toolsift query, or index it with toolsift build");
}

// How many index terms inspect lists.
const TOP_TERMS = 20;

export async function commandInspect(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("inspect", { args, allowPositionals: true, options: { ...MAX_INPUT_OPTION } });
  if (positionals.length !== 1) throw new UsageError("inspect needs <index.tsi>");
  const { inspectArtifact } = await import("../../core/artifact.js");
  const bytes = await readArtifact(positionals[0]!, inputLimits(values["max-input-bytes"]));
  // Loading first checks the whole layout, so inspectArtifact never reads past the end.
  const ranker = Bm25ToolRanker.load(bytes);
  const report = inspectArtifact(bytes);
  out.line(out.bold("header"));
  for (const [key, value] of Object.entries(report.header)) out.line(`  ${key.padEnd(18)} ${value}`);
  out.line(out.bold("options"));
  const { stopwords, lexicon } = ranker.options;
  const lexiconSummary = lexicon === false ? false : `${Object.keys(lexicon).length} entries`;
  out.line(`  ${JSON.stringify({ ...ranker.options, stopwords: `${stopwords.length} entries`, lexicon: lexiconSummary })}`);
  out.line(out.bold("sections"));
  for (const section of report.sections) out.line(`  ${section.name.padEnd(18)} ${String(section.bytes).padStart(10)} bytes`);
  // Index terms are folded ("this" is stored as "thi"), and a query drops its stopwords, so
  // their terms are never searched for: left out, they would fill the list.
  const stop = stopTerms(ranker);
  const top = ranker.topTerms(TOP_TERMS + stop.size).filter((term) => !stop.has(term.term)).slice(0, TOP_TERMS);
  out.line(out.bold("top index terms, after folding, stopwords left out (documents)"));
  for (const term of top) out.line(`  ${visible(term.term).padEnd(18)} ${term.documents}`);
  return EXIT_OK;
}
