/**
 * Questions about named things. "What is the difference between generateText and streamText?"
 * asks about two things at once, and no single passage that matches the whole question need say
 * what either is; "What is generateText?" is matched as well by every passage naming it in
 * passing. Retrieval looks for each name alone as well (retrieve-passages), and the local model
 * answers a comparison with what its sources say of each (compose-answer).
 */
import { escapeRegExp } from '@/lib/escape-reg-exp';
import { unescapeMarkdown, withoutMarks } from '@/lib/without-marks';
import { tableCells } from './text-terms';

const SUBJECT = '(.+?)';
// (…or a question after them: "A vs B: which should I use?")
const END = '(?:\\s*[:,;]\\s*(?:which|what|when|how|should|is|are|do|does)\\b.*)?[\\s?.!]*$';
// The ways a question sets two things side by side, each with the two subjects in order ('d':
// where each is, to put a name in a pronoun's place).
const COMPARISONS = [
  `\\b(?:differ(?:ences?)?|distinguish)\\s+between\\s+${SUBJECT}\\s+and\\s+${SUBJECT}${END}`,
  `\\b(?:compare|comparing|comparison\\s+(?:of|between))\\s+${SUBJECT}\\s+(?:and|with|to|against|vs\\.?|versus)\\s+${SUBJECT}${END}`,
  `\\bhow\\s+(?:does|do|is|are)\\s+${SUBJECT}\\s+(?:differ|different|compare[sd]?)\\s+(?:from|to|with)\\s+${SUBJECT}${END}`,
  `\\b(?:is|are)\\s+${SUBJECT}\\s+(?:the\\s+same\\s+as|different\\s+from)\\s+${SUBJECT}${END}`,
  `\\buse\\s+${SUBJECT}\\s+(?:instead\\s+of|rather\\s+than|over)\\s+${SUBJECT}${END}`,
  `\\b(?:should|do|would)\\s+(?:i|we|you|one)\\s+use\\s+${SUBJECT}\\s+or\\s+${SUBJECT}${END}`,
  `^\\s*(?:which|what)\\b[^,:]*[,:]\\s*${SUBJECT}\\s+or\\s+${SUBJECT}${END}`,
  `^\\s*${SUBJECT}\\s+(?:vs\\.?|versus|compared\\s+(?:to|with)|as\\s+opposed\\s+to)\\s+${SUBJECT}${END}`,
  `^\\s*${SUBJECT}\\s+or\\s+${SUBJECT}\\s*[:,;]\\s*(?:which|what)\\b.*$`,
].map((pattern) => new RegExp(pattern, 'id'));
// What a question opens with before "A vs B": "What's better:", "Compare"…
const LEAD_IN =
  /^(?:(?:and|but|so|also|then|now|ok(?:ay)?|what\s+about|how\s+about)[,:]?\s+)?(?:(?:what|which)(?:'s|\s+is|\s+are)?(?:\s+(?:better|best|faster|the\s+difference))?\s*[:,]?\s+|when\s+to\s+use\s+)?/i;
const POINTS_AWAY =
  /^(?:it|its|they|them|this|that|these|those|ones?|(?:this|that|(?:the\s+)?other)\s+one|(?:the\s+)?others?)$/i;
// A pronoun that may stand for what the question before was about ("they": function tools).
const STANDS_FOR_SUBJECT = /^(?:it|this|that|(?:this|that)\s+one|they|them|these|those)$/i;
const MAX_WORDS = 5;
/**
 * The longest message read for named things. Such a question fits in a line or two, and the
 * patterns above backtrack in time that grows with the square of the length: a pasted 33,000
 * characters took 2.5 s. A longer message is looked up as a whole.
 */
const MAX_CHARS = 300;

/** A comparison's two sides as the question writes them, tidied, with where they are. */
function comparisonSides(
  question: string,
): { sides: [string, string]; at: [[number, number], [number, number]] } | undefined {
  if (question.length > MAX_CHARS) return undefined;
  for (const pattern of COMPARISONS) {
    const match = pattern.exec(question);
    if (!match) continue;
    const [a, b] = [tidy(match[1]!.replace(LEAD_IN, '')), tidy(match[2]!)];
    return { sides: [a, b], at: [match.indices![1]!, match.indices![2]!] };
  }
  return undefined;
}

/** A side that names something: not a pronoun, and short enough to be a name. */
const namesSomething = (side: string) => !!side && !POINTS_AWAY.test(side) && side.split(/\s+/).length <= MAX_WORDS;

/**
 * The two things a question compares, as it names them ("generateText", "streamText"), or none.
 * "Provider-defined and provider-executed tools" compares provider-defined tools with
 * provider-executed tools. A pronoun ("how does it differ from…") names nothing to look for.
 */
export function comparedSubjects(question: string): [string, string] | undefined {
  const found = comparisonSides(question);
  if (!found || !found.sides.every(namesSomething)) return undefined;
  const [a, b] = withSharedNoun(found.sides);
  return a.toLowerCase() === b.toLowerCase() ? undefined : [a, b];
}

/**
 * "function and dynamic tools": the plural after the second goes with the first too, when the
 * first is no plural of its own ("tools or structured outputs").
 */
function withSharedNoun([a, b]: [string, string]): [string, string] {
  const [aWords, bWords] = [a.split(/\s+/), b.split(/\s+/)];
  const noun = bWords.at(-1)!;
  return bWords.length > aWords.length && /^\p{Ll}+s$/u.test(noun) && !/s$/i.test(a) && !aWords.includes(noun)
    ? [`${a} ${noun}`, b]
    : [a, b];
}

/**
 * Where a comparison names one side by a pronoun ("How does it differ from streamText?", "How do
 * they differ from dynamic tools?"): the pronoun's place in the question, and the other side.
 */
export function pronounSide(question: string): { start: number; end: number; other: string } | undefined {
  const found = comparisonSides(question);
  if (!found) return undefined;
  const side = found.sides.findIndex((s) => STANDS_FOR_SUBJECT.test(s));
  const other = found.sides[1 - side]!;
  if (side < 0 || !namesSomething(other)) return undefined;
  const [from, to] = found.at[side]!;
  // The pronoun is the side's last words ("What's better: it or…" has a lead-in before it).
  const start = question.slice(from, to).toLowerCase().lastIndexOf(found.sides[side]!.toLowerCase());
  return start < 0 ? undefined : { start: from + start, end: from + start + found.sides[side]!.length, other };
}

/**
 * What "What is X?" (or "what does X do / mean / stand for / return?", "what is X for?", "when should I
 * use X?") asks about: X, as the question
 * names it (at most five words, not a pronoun), which documentation often has a section for
 * ("## `generateText`"). "What do I need to install?" asks about no X.
 */
export function definedSubject(question: string): string | undefined {
  if (question.length > MAX_CHARS) return undefined;
  const [, is, does, use] =
    /^\s*(?:(?:and|so|then)\s+)?(?:what\s+(?:(?:is|are)\s+(.+?)(?:\s+(?:used|good|useful|meant)\s+for|\s+for)?|(?:does|do)\s+(.+?)\s+(?:do|mean|stand\s+for|return))|(?:when|why)\s+(?:should|would|do)\s+(?:i|we|you|one)\s+use\s+(.+?))[\s?.!]*$/i.exec(
      question,
    ) ?? [];
  const subject = is ?? does ?? use;
  const name = subject && tidy(subject);
  return name &&
    !POINTS_AWAY.test(name) &&
    !/^(?:the\s+)?(?:difference|differences|point|purpose|use|best|default)\b/i.test(name) &&
    name.split(/\s+/).length <= MAX_WORDS
    ? name
    : undefined;
}

/**
 * The one thing a question is about, for a pronoun in the next one to stand for: what "What is
 * X?" asks about, else the one name it holds ("How do I use tools with `generateText`?"). None
 * for a question about two things, or about none by name.
 */
export function subjectOf(question: string): string | undefined {
  if (comparedSubjects(question)) return undefined;
  const defined = definedSubject(question);
  if (defined) return bothOf(defined) ? undefined : defined;
  const names = namesIn(question);
  return names.length === 1 ? names[0] : undefined;
}

/**
 * The two things a question is about, for "they" in the next one: the two it compares, what
 * "What are A and B?" asks about, or the two names it holds.
 */
export function pairOf(question: string): [string, string] | undefined {
  const defined = definedSubject(question);
  const names = namesIn(question);
  return (
    comparedSubjects(question) ??
    (defined ? bothOf(defined) : undefined) ??
    (names.length === 2 ? [names[0]!, names[1]!] : undefined)
  );
}

/** "generateText and streamText" as its two names. */
export function bothOf(subject: string): [string, string] | undefined {
  const parts = subject.split(/\s*,\s*|\s+(?:and|or|&)\s+/).map(tidy);
  return parts.length === 2 && parts.every(Boolean) ? withSharedNoun(parts as [string, string]) : undefined;
}

// A name as text writes it: in code (a code span, an identifier in camelCase or snake_case, a
// call, a package), or capitalised (a product, a company: "OpenAI", "AI SDK").
const CODE_NAME =
  '`[^`\\n]+`|@[\\w-]+\\/[\\w-]+|[\\p{L}\\p{N}$]*(?:\\p{Ll}\\p{Lu}|\\p{L}_\\p{L})[\\p{L}\\p{N}_$]*(?:\\(\\))?|[\\p{L}\\p{N}_$]+\\(\\)';
const CAPITALISED = '\\p{Lu}[\\p{L}\\p{N}.+#-]*';
// (a name in code as tidied, without its marks: camelCase or snake_case, or a package; "OpenAI"
// and "ToolLoopAgent" may be either, and count as proper names)
const IN_CODE = /^(?:\p{Ll}[\p{L}\p{N}$]*(?:\p{Lu}|_\p{L})[\p{L}\p{N}_$]*|@[\w-]+\/[\w-]+)$/u;
const PROPER_NAME = new RegExp(`^${CAPITALISED}(?:\\s+${CAPITALISED})*$`, 'u');
// In a question, past its first word (which is capitalised as any first word is); "I" is no name.
const NAMES = new RegExp(
  `(?<![\\p{L}\\p{N}_$\`])(?:${CODE_NAME}|(?<=\\S\\s+)(?!I\\b)${CAPITALISED}(?:\\s+${CAPITALISED})*)`,
  'gu',
);

/**
 * The text, tidied, when it is a name, and whether a name in code ("`streamText`", "stream_text")
 * or a proper one ("OpenAI"); none for words ("side effects").
 */
export function nameOf(text: string): { name: string; inCode: boolean } | undefined {
  const name = tidy(text);
  if (POINTS_AWAY.test(name) || name.split(/\s+/).length > MAX_WORDS) return undefined;
  const inCode = text.includes('`') || IN_CODE.test(name);
  return inCode || PROPER_NAME.test(name) ? { name, inCode } : undefined;
}

/** The names a question holds, tidied, each once. */
function namesIn(question: string): string[] {
  const names = (question.match(NAMES) ?? []).map(tidy).filter(Boolean);
  return [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
}

/** A subject without the question's framing: articles, quotes, "the … function", "… for a chatbot". */
function tidy(subject: string): string {
  return subject
    .replace(/\s+(?:for|in|when|if|to|on|inside|within)\s.*$/i, '')
    .trim()
    .replace(/^(?:the|a|an|using|use)\s+/i, '')
    .replace(/\s+(?:functions?|methods?|hooks?|apis?|commands?|helpers?)$/i, '')
    .replace(/^["'“‘`]+|["'”’`]+$/g, '')
    .replace(/\(\)$/, '')
    .trim();
}

/** Text with marks, call parentheses and case gone, for telling whether it names a subject. */
function bare(text: string): string {
  return unescapeMarkdown(withoutMarks(text)).replace(/\(\)/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * A pattern for a subject's name as text writes it: marks and case aside, words joined by spaces
 * or hyphens, a plural or not ("prepareStep callbacks" is named by "the `prepareStep` callback").
 */
export function namePattern(subject: string): string {
  const words = bare(subject)
    .split(' ')
    .map((w) => (w.length > 3 && w.endsWith('s') ? `${escapeRegExp(w.slice(0, -1))}s?` : escapeRegExp(w)));
  return `${words.join('[\\s-]+')}(?![\\p{L}\\p{N}_])`;
}

/** Where text names the subject: as words of their own. */
export function naming(subject: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${namePattern(subject)}`, 'iu');
}

// What a heading may call the thing it names: "### `prepareStep` callback".
const KIND_OF_NAME =
  '(?:\\s+(?:callback|function|hook|method|option|property|parameter|setting|component|helper|class|type|command|field|event)s?)?';

/**
 * A heading (or a table's column head) that is the subject's name and nothing else, or with what
 * kind of name it is: "## `streamText`", "### `prepareStep` callback".
 */
export function titles(heading: string, subject: string): boolean {
  return new RegExp(`^(?:the\\s+)?${namePattern(subject)}${KIND_OF_NAME}$`, 'iu').test(
    bare(heading.replace(/\s#+\s*$/, '')),
  );
}

/**
 * The columns of a Markdown table's header row headed with each subject's name, in the
 * subjects' order; none unless there is one for each.
 */
export function subjectColumns(line: string, subjects: readonly string[]): number[] | undefined {
  if (!line.trimStart().startsWith('|')) return undefined;
  const cells = tableCells(line);
  const columns = subjects.map((subject) => cells.findIndex((cell) => titles(cell, subject)));
  return columns.every((c) => c >= 0) ? columns : undefined;
}
