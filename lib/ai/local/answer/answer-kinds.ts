// What a question's wording asks for (an amount, a duration, a name in the code, a place, a default, yes or no…)
// and the kind of sentence that holds it.
// "How long", "how often": the adverb asks for a duration or a frequency, it is not a word to
// find; the verb of "how long does it take" or "does it last" says little more, as a hint.
export const HOW_ADVERB = /\bhow\s+(?:long|often|far|old|soon|fast|quickly|frequently|big|large|high|wide)\b/i;

// A name in the code: a code span, an identifier in camelCase, a call (a pattern for RegExp with 'u').
const CODE_NAME = '`[^`]+`|\\b\\p{Ll}+\\p{Lu}[\\p{L}\\d]*|\\b[\\p{L}\\d]+\\(';

// What a sentence holds when it names something in the code, or says a way to do something:
// a name in the code or, for a name, snake_case or a package; for a way, an instruction.
export const NAMES_IN_CODE = new RegExp(`${CODE_NAME}|\\b\\p{Ll}+_\\p{Ll}|@[\\w-]+\\/[\\w-]+`, 'u');
// Three or more names in a row, each capitalised, maybe with a word after it: "Zod schemas,
// Valibot, or JSON schemas", "OpenAI, Anthropic and Google".
const LISTED_NAME = '\\p{Lu}[\\p{L}\\d.+#-]*(?:\\s+\\p{Ll}+)?';
const NAMES_LISTED = new RegExp(`\\b${LISTED_NAME},\\s+${LISTED_NAME},?\\s+(?:and|or)\\s+${LISTED_NAME}`, 'u');
// A question asking for code, which a passage's code example answers best ("error code 429" does not).
export const ASKS_FOR_CODE =
  /\b(?:examples?|snippets?|samples?|syntax)\b|\b(?:show|give|write)\s+(?:me\s+)?(?:the\s+|some\s+)?code\b|^\s*how\s+to\b/i;
export const WAY_TO_DO = new RegExp(
  `${CODE_NAME}|^(?:Use|Call|Pass|Set|Add|Give|Provide|Enable|Configure|Define|Specify|Create|Import|Install|Wrap)\\b`,
  'u',
);

// "When should I use dynamic tools?", "What is generateText used for?": what something is for.
// "When should I use…" frames the question with "use": the sentence saying what it is for need
// not repeat it ("Pots are ideal for…" over "When using a pot, warm it first").
export const SHOULD_I_USE =
  /^\s*(?:when|why)\s+(?:should|would|do|could|might)\s+(?:i|we|you|one)\s+(?:ever\s+)?use\b|\bwhen\s+to\s+use\b/i;
const ASKS_WHAT_FOR = new RegExp(
  `${SHOULD_I_USE.source}|^\\s*what\\s+(?:is|are)\\s+.{1,60}?\\s+(?:(?:used|good|useful|meant)\\s+)?for[\\s?.!]*$`,
  'i',
);

// What a question's wording asks for, of the kinds a reference says in its own way (names in code,
// defaults, what something returns or is for). A sentence that holds that kind of thing answers it
// better than one that only repeats its words. Dates, amounts, durations, people and places are
// told by their parts of speech and entities instead (lib/ai/local/language/answer-types.ts).
export const ANSWER_KINDS: [asks: RegExp, holds: RegExp][] = [
  // a duration, a frequency, a size…: an amount, or a span of time ("lasts about 2000 pages", "every night")
  [
    HOW_ADVERB,
    /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|hundred|thousand|once|twice|seconds?|minutes?|hours?|days?|nights?|weeks?|months?|years?|hourly|daily|nightly|weekly|monthly|yearly|annually|every)\b/i,
  ],
  // a name in the code: a function, hook, option…, written as code or as an identifier
  [
    /\b(?:which|what)\s+(?:[\w-]+\s+){0,2}(?:hooks?|functions?|methods?|calls?|apis?|options?|parameters?|propert(?:y|ies)|settings?|conditions?|helpers?|components?|class(?:es)?|types?|fields?|flags?|variables?|commands?|packages?|errors?|events?|callbacks?)\b/i,
    NAMES_IN_CODE, // …or snake_case, or a package
  ],
  // libraries, providers…: their names, as a list of capitalised words ("Zod schemas, Valibot, or
  // JSON schemas"), which a question about them asks for as much as names in the code
  [
    /\b(?:which|what)\s+(?:[\w-]+\s+){0,2}(?:librar(?:y|ies)|packages?|frameworks?|providers?|languages?|databases?|formats?|services?)\b/i,
    NAMES_LISTED,
  ],
  // the forms or kinds something comes in: the sentence introducing their list ("An image can be
  // one of the following:")
  [/\b(?:what|which)\s+(?:forms?|kinds?|ways?|formats?)\b/i, /:$/],
  // another name for something
  [
    /\b(?:another|other|different)\s+names?\b|\bwhat\s+(?:else\s+)?(?:is|are)\s+\S+(?:\s+\S+)?\s+called\b/i,
    /\b(?:also\s+(?:called|known|named|referred)|known\s+as|called|aka)\b/i,
  ],
  // a place: where something runs or is kept, said with a preposition ("on the provider's
  // servers", not "the browser tests"), or a path (`./data/pglite`)
  [
    /^\s*where\b/i,
    /\b(?:in|on|at|inside|into|under|from|to|within)\s+(?:(?:the|a|an|your|its|their|each|every|one|this|that)\s+)?(?:[\p{L}'’-]+\s+)?(?:servers?|clients?|browsers?|cloud|edge|devices?|machines?|director(?:y|ies)|folders?|disk|memory|database)\b|\b[\p{L}-]+-side\b|\b(?:locally|remotely)\b|`[^`\s]*\/[^`\s]*`/iu,
  ],
  // what happens when nothing is set: the default ("If I don't pass a locale, what language are
  // dates shown in?" "By default…")
  [
    /\b(?:if|when|unless)\s+(?:i|we|you|one)\s+(?:don't|do\s+not|never|didn't|did\s+not)\s+(?:pass|set|give|specify|provide|supply|configure|change|add|choose|say)\b|\bwithout\s+(?:passing|setting|specifying|providing|supplying|configuring|changing|giving|choosing)\b|\bout\s+of\s+the\s+box\b/i,
    /\bdefaults?\b|\bdefaulting\b/i,
  ],
  // a way to do something: a name in the code to use, or a sentence telling what to do
  [/^\s*how\s+(?:do|can|could|should|would)\s+(?:i|we|you|one)\b/i, WAY_TO_DO],
  // yes or no: a sentence that says what is required, refused, allowed or the default
  // ("Can I put system messages in the messages array?" "Sending them requires `allowSystemInMessages`.")
  [
    /^\s*(?:can|could|may|must|should|do|does|did|is|are|will|would)\s+(?!(?:you|u)\s+(?:please\s+)?(?:tell|explain|show|give|list|describe|summari[sz]e|help|find|walk)\b)/i,
    /\b(?:requires?|required|needs?\s+to|must|cannot|can't|can\s+not|not|never|only|by\s+default|optional(?:ly)?|rejected|refused|allowed|disabled|enabled|supported|unsupported)\b|n't\b/i,
  ],
  // what something is for: the cases it suits ("When should I use dynamic tools?" "They are
  // useful for tools loaded from external sources"), not a sentence that opens with "When using…"
  [
    ASKS_WHAT_FOR,
    /\b(?:useful|ideal|helpful|suited|suitable|designed|intended|meant|great|perfect)\s+(?:for|when|if|in)\b|\bscenarios?\b|\buse\s+cases?\b|\bwhen\s+you\s+(?:need|want|have)\b/i,
  ],
  // what something returns: its result ("What does generateText return?" "The result object of
  // `generateText` contains the generated output and metadata:")
  [
    /\bwhat\s+(?:does|do|will|would|did)\s+.{1,60}?\s+(?:return|give\s+back|resolve\s+(?:to|with))\b|\bwhat\s+(?:is|are|gets?)\s+returned\b|\breturn\s+(?:values?|types?)\b/i,
    /\b(?:returns|returned|results?|resolves?\s+(?:to|with)|gives\s+(?:you\s+)?back)\b/i,
  ],
  // a moment, or a condition ("When is streaming not necessary?" "If you can use a smaller
  // model…"); "When combining tools…, does it…?" asks something else, and "When should I use…?"
  // what it is for
  [
    /^\s*when(?:'s|\s+(?:is|are|was|were|do|does|did|will|would|should|shall|can|could|must|may|might|has|have))\b(?!\s+(?:i|we|you|one)\s+(?:ever\s+)?use\b)/i,
    /\b(?:before|after|when|whenever|once|until|during|each time|at the (?:start|end))\b|^(?:if|unless|only if)\b/i,
  ],
];
