// Stopwords apply to QUERY terms only (docs/analyzer.md §A6): the index keeps every token, so a tool named
// `get_the_report` is still found by its name, and a query made only of stopwords keeps its terms
// (docs/analyzer.md §A6). Each entry is put through the query analyzer before use, so an entry the
// analyzer folds (`ё`, a trailing plural `s`) still matches, and a multi-word entry becomes
// one stopword per word.
//
// Deliberately absent, because they change what a request asks for:
// - negations: not, no, without, never, не, нет, без, ни (and «нее», «ней», which the Russian
//   stemmer folds onto «не»);
// - question words: what, where, when, how, who, which, why, что, где, когда, как, кто, какой,
//   почему, зачем, сколько, куда, откуда, чей;
// - verbs that name an action: get, list, create, find, show, send, make, open, покажи, найди…;
// - words that scope a request: all, every, new, last, все, новый, последний.
// Chinese is not listed: it is indexed as character bigrams, where a filler is no word at all.

/**
 * The default query stopwords: English and Russian articles, conjunctions, common prepositions,
 * copulas, pronouns, a few auxiliaries and conversational fillers. At most 256 entries
 * (docs/analyzer.md §A6); pass `[]` to disable stopwords, or a list of your own.
 *
 * @example
 * const ranker = new Bm25ToolRanker(docs, { stopwords: [...BUNDLED_STOPWORDS, "asap"] });
 * ranker.rank("could you please list the open issues", 5);
 * // scored on: list, open, issue
 */
export const BUNDLED_STOPWORDS: readonly string[] = Object.freeze([
  // English: articles and conjunctions
  "a", "an", "the", "and", "or", "but", "so", "then", "if",
  // English: prepositions
  "of", "to", "in", "on", "at", "for", "with", "from", "by", "about", "into", "as",
  // English: copulas and auxiliaries
  "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "have", "has",
  "had", "will", "would", "should", "can", "could", "may", "might", "must",
  // English: pronouns and determiners
  "i", "me", "my", "we", "us", "our", "you", "your", "he", "him", "his", "she", "her", "it",
  "its", "they", "them", "their", "this", "that", "these", "those", "there", "here", "some",
  "any",
  // English: conversational fillers
  "please", "kindly", "thanks", "thank", "hi", "hello", "hey", "just", "also", "maybe", "okay",
  "ok", "could you", "can you", "would you", "i want", "i need", "i'd like", "like", "want",
  "need", "help", "let",
  // English: the tails of contractions and possessives once the apostrophe splits them
  // ("what's", "don't", "I'll", "user's")
  "s", "t", "d", "ll", "re", "ve", "m",
  // Russian: conjunctions and particles
  "и", "а", "но", "или", "либо", "да", "же", "ли", "бы", "то", "чтобы", "вот", "ну", "даже",
  "тоже", "также", "еще", "уже", "нибудь",
  // Russian: prepositions (`под` is left out: in a developer request it is more often a pod)
  "в", "во", "на", "с", "со", "к", "по", "о", "об", "от", "до", "из", "у", "за", "для", "про",
  "через", "при", "над", "перед", "между",
  // Russian: copulas and auxiliaries
  "есть", "быть", "был", "была", "было", "были", "будет", "будут", "является", "можешь",
  "можете", "могу", "мог", "могли", "хочу", "хотел", "нужно", "нужен", "нужна", "нужны", "надо",
  // Russian: pronouns
  "я", "меня", "мне", "мы", "нас", "нам", "ты", "тебя", "тебе", "вы", "вас", "вам", "он", "его",
  "ему", "им", "него", "ним", "она", "ее", "ей", "оно", "они", "их", "них", "мой",
  "моя", "мое", "мои", "моего", "моей", "моих", "мою", "наш", "наша", "наше", "наши", "нашего",
  "нашей", "наших", "нашу", "твой", "твои", "ваш", "ваша", "ваши", "свой", "свою", "свои",
  "себе", "себя", "этот", "эта", "это", "эти", "этого", "этой", "этих", "эту", "тот", "та",
  "те", "того", "той", "тех", "ту", "там", "тут", "здесь",
  // Russian: conversational fillers
  "пожалуйста", "плиз", "пж", "спасибо", "привет", "здравствуйте", "подскажи", "подскажите",
  "скажи", "скажите", "помоги", "помогите", "слушай", "короче", "типа", "просто", "вообще",
  "ладно", "давай", "давайте", "окей", "ок", "мне нужно", "я хочу", "можешь ли",
]);
