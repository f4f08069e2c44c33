// The ranking settings the settings panel edits, their URL form, and the ranker options
// they stand for. The lexicon is switched on only when this build's ranker knows it.
import { RANKER_DEFAULTS, FIELDS, type FieldName, type RankerOptions } from "../../../src/entry/browser.js";
// The settings form checks a value with the option schema itself, which the package keeps inside.
import { rankerOptionsSchema } from "../../../src/core/options.js";

export type Weights = Record<FieldName, number>;

export interface Settings {
  readonly analyzer: "plural" | "stem";
  readonly weights: Readonly<Weights>;
  readonly k1: number;
  readonly b: number;
  readonly maxQueryTerms: number;
  readonly termSelection: "first" | "rarest";
  readonly stopwords: boolean;
  readonly lexicon: boolean;
  readonly expansionWeight: number;
}

const defaults = RANKER_DEFAULTS as typeof RANKER_DEFAULTS & { expansionWeight?: number };

/** True when the ranker options include query expansion (`lexicon`). */
export const LEXICON_SUPPORTED = "lexicon" in rankerOptionsSchema.shape;

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  analyzer: RANKER_DEFAULTS.analyzer,
  weights: Object.freeze({ ...RANKER_DEFAULTS.weights }),
  k1: RANKER_DEFAULTS.k1,
  b: RANKER_DEFAULTS.b,
  maxQueryTerms: RANKER_DEFAULTS.maxQueryTerms,
  termSelection: RANKER_DEFAULTS.termSelection,
  stopwords: true,
  lexicon: LEXICON_SUPPORTED,
  expansionWeight: defaults.expansionWeight ?? 0.5,
});

/** The ranker options of a settings value (defaults left out, so the schema fills them). */
export function rankerOptions(settings: Settings): RankerOptions {
  const options: Record<string, unknown> = {
    analyzer: settings.analyzer,
    weights: { ...settings.weights },
    k1: settings.k1,
    b: settings.b,
    maxQueryTerms: settings.maxQueryTerms,
    termSelection: settings.termSelection,
  };
  if (!settings.stopwords) options["stopwords"] = [];
  if (LEXICON_SUPPORTED) {
    if (!settings.lexicon) options["lexicon"] = false;
    options["expansionWeight"] = settings.expansionWeight;
  }
  return options as RankerOptions;
}

export function sameSettings(left: Settings, right: Settings): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

// URL keys: short, stable, only written when they differ from the default.
const WEIGHT_KEY = (field: FieldName) => `w.${field}`;

export function writeSettings(settings: Settings, params: URLSearchParams): void {
  const put = (key: string, value: string, fallback: string) => {
    if (value === fallback) params.delete(key);
    else params.set(key, value);
  };
  put("analyzer", settings.analyzer, DEFAULT_SETTINGS.analyzer);
  for (const field of FIELDS) put(WEIGHT_KEY(field), String(settings.weights[field]), String(DEFAULT_SETTINGS.weights[field]));
  put("k1", String(settings.k1), String(DEFAULT_SETTINGS.k1));
  put("b", String(settings.b), String(DEFAULT_SETTINGS.b));
  put("terms", String(settings.maxQueryTerms), String(DEFAULT_SETTINGS.maxQueryTerms));
  put("select", settings.termSelection, DEFAULT_SETTINGS.termSelection);
  put("stopwords", settings.stopwords ? "on" : "off", DEFAULT_SETTINGS.stopwords ? "on" : "off");
  put("lexicon", settings.lexicon ? "on" : "off", DEFAULT_SETTINGS.lexicon ? "on" : "off");
  put("expansion", String(settings.expansionWeight), String(DEFAULT_SETTINGS.expansionWeight));
}

function number(params: URLSearchParams, key: string, fallback: number, min: number, max: number, integer = false): number {
  const raw = params.get(key);
  if (raw === null || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) return fallback;
  return value;
}

/** Settings from the URL; a value out of range falls back to its default (a link never breaks the page). */
export function readSettings(params: URLSearchParams): Settings {
  const weights = {} as Weights;
  for (const field of FIELDS) weights[field] = number(params, WEIGHT_KEY(field), DEFAULT_SETTINGS.weights[field], 0, 100);
  const analyzer = params.get("analyzer") === "stem" ? "stem" : params.get("analyzer") === "plural" ? "plural" : DEFAULT_SETTINGS.analyzer;
  const selection = params.get("select");
  const toggle = (key: string, fallback: boolean) => (params.get(key) === "on" ? true : params.get(key) === "off" ? false : fallback);
  return {
    analyzer,
    weights,
    k1: number(params, "k1", DEFAULT_SETTINGS.k1, 0, 10),
    b: number(params, "b", DEFAULT_SETTINGS.b, 0, 1),
    maxQueryTerms: number(params, "terms", DEFAULT_SETTINGS.maxQueryTerms, 1, 64, true),
    termSelection: selection === "first" || selection === "rarest" ? selection : DEFAULT_SETTINGS.termSelection,
    stopwords: toggle("stopwords", DEFAULT_SETTINGS.stopwords),
    lexicon: LEXICON_SUPPORTED && toggle("lexicon", DEFAULT_SETTINGS.lexicon),
    expansionWeight: number(params, "expansion", DEFAULT_SETTINGS.expansionWeight, 0, 1),
  };
}
