export { LEARN_DEFAULTS, MAX_LEARNED_PER_TOOL, learnHints, type LearnedAnnotations, type LearnOptions, type ServingRanker, type ToolUse, type WordAnalyzer } from "./learn.js";
export { usesFromJournal } from "./journal-uses.js";
