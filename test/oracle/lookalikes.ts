// docs/analyzer.md §A10: Cyrillic look-alikes of id namespaces. Written from the design text only;
// shares no code with src/. Plain loops over every candidate, one pass per replacement.

const ENDINGS = "ами ями ого ему ому ах ях ом ем ой ей ую ью ов ев е а у ы и я ю ь".split(" ");
const LETTERS: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l",
  м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "ts", ч: "ch",
  ш: "sh", щ: "sh", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
};
const VOWEL = new Set(["a", "e", "i", "o", "u"]);

/** §A10 step 1: candidate words of the ids' namespaces, once each, in first-seen order. */
export function oracleNamespaceWords(ids: readonly string[]): string[] {
  return candidateWords(ids, false);
}

/** §A10 step 1, flat ids: the words of the ids without a namespace, once each. */
export function oracleFlatIdWords(ids: readonly string[]): string[] {
  return candidateWords(ids, true);
}

function candidateWords(ids: readonly string[], flat: boolean): string[] {
  const words: string[] = [];
  for (const id of ids) {
    let end = -1;
    for (const separator of ["__", ":", "/", "."]) end = Math.max(end, id.lastIndexOf(separator));
    // An id whose only separator opens it (`__x`) has an empty namespace: it is flat too.
    if ((end <= 0) !== flat) continue;
    const namespace = flat ? id : id.slice(0, end);
    let part = "";
    const finish = (): void => {
      if (part.length >= 4 && !words.includes(part.toLowerCase())) words.push(part.toLowerCase());
      part = "";
    };
    for (let at = 0; at < namespace.length; at++) {
      const c = namespace[at] as string;
      const upper = c >= "A" && c <= "Z";
      const lower = c >= "a" && c <= "z";
      if (!upper && !lower) {
        finish();
        continue;
      }
      const previous = part.length > 0 ? (part[part.length - 1] as string) : "";
      if (upper && previous >= "a" && previous <= "z") finish();
      part += c;
    }
    finish();
  }
  return words;
}

// One replacement pass, left to right: at each position the first rule that applies.
function pass(text: string, rule: (text: string, at: number) => [consumed: number, output: string] | undefined): string {
  let out = "";
  let at = 0;
  while (at < text.length) {
    const applied = rule(text, at);
    if (applied === undefined) {
      out += text[at];
      at += 1;
    } else {
      out += applied[1];
      at += applied[0];
    }
  }
  return out;
}

const literal = (from: string, to: string) => (text: string, at: number): [number, string] | undefined =>
  text.startsWith(from, at) ? [from.length, to] : undefined;

/** §A10 step 5. */
export function oracleSoundSpelling(latin: string): string {
  let text = latin;
  text = pass(text, literal("tion", "shn"));
  text = pass(text, literal("ph", "f"));
  text = pass(text, literal("ck", "k"));
  text = pass(text, (t, at) => (t[at] === "c" && (t[at + 1] === "e" || t[at + 1] === "i" || t[at + 1] === "y") ? [1, "s"] : undefined));
  text = pass(text, (t, at) => (t[at] === "c" || t[at] === "q" ? [1, "k"] : undefined));
  text = pass(text, literal("x", "ks"));
  text = pass(text, literal("w", "v"));
  text = pass(text, literal("z", "s"));
  text = pass(text, literal("j", "dzh"));
  text = pass(text, (t, at) => (t[at] === "y" && VOWEL.has(t[at + 1] ?? "") ? [1, ""] : undefined));
  text = pass(text, literal("y", "i"));
  let once = "";
  for (const c of text) if (once[once.length - 1] !== c) once += c;
  return once;
}

function skeletonOf(spelling: string): string {
  return [...spelling].filter((c) => !VOWEL.has(c)).join("");
}

/** §A10 step 6, by the full table of prefixes. */
export function oracleSoundDistance(a: string, b: string): number {
  const cost = (c: string): number => (VOWEL.has(c) ? 0.5 : 1);
  const table: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    table.push([]);
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 && j === 0) table[i]!.push(0);
      else if (i === 0) table[i]!.push(table[0]![j - 1]! + cost(b[j - 1]!));
      else if (j === 0) table[i]!.push(table[i - 1]![0]! + cost(a[i - 1]!));
      else {
        const x = a[i - 1]!;
        const y = b[j - 1]!;
        const replace = x === y ? 0 : VOWEL.has(x) && VOWEL.has(y) ? 0.5 : 1.5;
        table[i]!.push(Math.min(table[i - 1]![j - 1]! + replace, table[i - 1]![j]! + cost(x), table[i]![j - 1]! + cost(y)));
      }
    }
  }
  return table[a.length]![b.length]!;
}

function transliterated(form: string): string {
  let out = "";
  for (let at = 0; at < form.length; at++) {
    if (form.startsWith("дж", at)) {
      out += "j";
      at++;
    } else out += LETTERS[form[at]!] ?? "";
  }
  return out;
}

/** §A10 steps 2–7: the words appended to the prepared `query`. */
export function oracleLookalikes(query: string, ids: readonly string[], stopwordEntries: readonly string[], lexiconKeys: readonly string[] = []): string[] {
  const namespaceWords = oracleNamespaceWords(ids);
  const candidates = [
    ...namespaceWords.map((word) => ({ word, fromName: false })),
    ...oracleFlatIdWords(ids).filter((word) => !namespaceWords.includes(word)).map((word) => ({ word, fromName: true })),
  ]
    .map(({ word, fromName }) => ({ word, fromName, spelling: oracleSoundSpelling(word) }))
    .filter((candidate) => skeletonOf(candidate.spelling).length >= 2);
  const stopwords = stopwordEntries.flatMap((entry) => entry.toLowerCase().split("ё").join("е").split(/\s+/));
  const appended: string[] = [];
  const words = query.toLowerCase().split("ё").join("е").split(/[^а-я]+/).filter((word) => word.length > 0);
  for (const word of words) {
    if (word.length < 4 || stopwords.includes(word)) continue;
    const forms = [word, ...ENDINGS.filter((ending) => word.endsWith(ending) && word.length - ending.length >= 3).map((ending) => word.slice(0, word.length - ending.length))];
    let best: { word: string; distance: number } | undefined;
    const translated = forms.some((form) => lexiconKeys.includes(form));
    for (const form of forms) {
      const spelling = oracleSoundSpelling(transliterated(form));
      for (const candidate of candidates) {
        if (skeletonOf(candidate.spelling) !== skeletonOf(spelling) || (candidate.fromName && translated)) continue;
        const distance = oracleSoundDistance(spelling, candidate.spelling);
        if (distance > 0.15 * spelling.length) continue;
        if (best === undefined || distance < best.distance || (distance === best.distance && candidate.word < best.word)) best = { word: candidate.word, distance };
      }
    }
    if (best !== undefined && !appended.includes(best.word)) appended.push(best.word);
  }
  return appended;
}
