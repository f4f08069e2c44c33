// `toolsift/hints`: the hint writer (your model writes search phrasings for your catalogue),
// its hints file and the annotations it gives. A separate entry: the main bundles carry none of it.
export { HINT_LIMITS, cleanPhrasing, parseAnswer, type HintFailureCode, type ParsedAnswer } from "./answer.js";
export {
  COMPLETE_DEFAULTS,
  aiSdkComplete,
  anthropicComplete,
  openaiComplete,
  type AnthropicMessagesClient,
  type Complete,
  type CompleteContext,
  type CompletionResult,
  type GenerateText,
  type OpenAIChatClient,
} from "./complete.js";
export { HINTS_FORMAT, HINTS_VERSION, hintAnnotations, readHintsFile, type HintAnnotationsOptions, type HintsEntry, type HintsFile } from "./file.js";
export { HINT_LANGUAGES, HINT_PROMPT_VERSION, hintPrompt, type HintLanguage, type HintPromptOptions, type HintPromptTool } from "./prompt.js";
export {
  HINT_WRITER_DEFAULTS,
  hintDigest,
  hintPromptTool,
  writeHints,
  type HintFailure,
  type HintProgress,
  type WriteHintsOptions,
  type WriteHintsResult,
} from "./write.js";
