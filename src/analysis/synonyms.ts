// English synonyms for query expansion (DESIGN.md §A6 step 5): groups of everyday words that
// name the same thing or action in a request. Generic vocabulary only — never a tool's name or
// a benchmark's wording. A query word of a group adds the group's other words at the related
// weight (`relatedWeight`, default 0.3): a hint, not a replacement, so a tool that uses the
// request's own word still ranks first.

/** Each group lists interchangeable words; every word expands to the others. */
export const ENGLISH_SYNONYM_GROUPS: readonly (readonly string[])[] = Object.freeze([
  ["find", "search", "lookup", "locate"],
  ["picture", "image", "photo", "photograph", "pic"],
  ["film", "movie"],
  ["buy", "purchase"],
  ["email", "mail"],
  ["remove", "delete", "erase"],
  ["create", "generate"],
  ["show", "display"],
  ["fetch", "retrieve"],
  ["price", "cost", "pricing"],
  ["recommend", "suggest"],
  ["recommendation", "suggestion"],
  ["info", "information"],
  ["start", "begin", "launch"],
  ["stop", "halt", "terminate"],
  ["edit", "modify"],
  ["car", "vehicle", "automobile"],
  ["house", "home", "property", "apartment", "housing"],
  ["job", "career", "employment"],
  ["money", "cash"],
  ["trip", "travel", "journey", "vacation"],
  ["hotel", "accommodation", "lodging"],
  ["restaurant", "dining"],
  ["recipe", "cooking", "meal", "dish"],
  ["song", "music", "track"],
  ["news", "headline"],
  ["doc", "document"],
  ["message", "sms"],
  ["translate", "translation"],
  ["summarize", "summarise", "summary"],
  ["write", "compose", "draft"],
  ["calculate", "compute", "calculator"],
  ["schedule", "calendar", "appointment"],
  ["meeting", "appointment"],
  ["learn", "study", "education", "course"],
  ["medical", "medicine", "health"],
  ["doctor", "physician"],
  ["fitness", "exercise", "workout"],
  ["game", "gaming"],
  ["shop", "store", "shopping"],
  ["website", "site", "webpage"],
  ["location", "place"],
  ["route", "direction", "navigation"],
  ["discount", "deal", "coupon", "sale"],
  ["company", "business", "firm"],
  ["chart", "graph", "plot"],
  ["customer", "client"],
  ["error", "bug"],
  ["big", "large"],
  ["small", "little", "tiny"],
  ["fast", "quick"],
  ["weather", "forecast"],
  ["stock", "share"],
  ["crypto", "cryptocurrency"],
  ["speech", "voice"],
  ["text", "word"],
].map((group) => Object.freeze(group)));

/** The groups as lexicon entries: each word → the other words of every group it is in. */
export function synonymLexicon(groups: readonly (readonly string[])[] = ENGLISH_SYNONYM_GROUPS): Record<string, string[]> {
  const lexicon: Record<string, string[]> = Object.create(null);
  for (const group of groups) {
    for (const word of group) {
      const words = (lexicon[word] ??= []);
      for (const other of group) if (other !== word && !words.includes(other)) words.push(other);
    }
  }
  return lexicon;
}

/** The bundled English synonyms in lexicon form (keys are ASCII, so they expand at the related weight). */
export const ENGLISH_SYNONYMS: Readonly<Record<string, readonly string[]>> = Object.freeze(synonymLexicon());
