/**
 * Questions about named things. "What is the difference between generateText and streamText?"
 * asks about two things at once, and no single passage that matches the whole question need say
 * what either is; "What is generateText?" is matched as well by every passage naming it in
 * passing. Retrieval looks for each name alone as well (retrieve-passages), and the local model
 * answers a comparison with what its sources say of each (compose-answer).
 */
import { escapeRegExp } from '@/lib/escape-reg-exp';
import { withoutMarks } from '@/lib/without-marks';
import { tableCells } from './text-terms';

const SUBJECT = '(.+?)';
// (…or a question after them: "A vs B: which should I use?")
const END = '(?:\\s*[:,;]\\s*(?:which|what|when|how|should|is|are|do|does)\\b.*)?[\\s?.!]*$';
// The ways a question sets two things side by side, each with the two subjects in order.
const COMPARISONS = [
  new RegExp(`\\b(?:differences?|distinguish)\\s+between\\s+${SUBJECT}\\s+and\\s+${SUBJECT}${END}`, 'i'),
  new RegExp(`\\b(?:compare|comparing|comparison\\s+(?:of|between))\\s+${SUBJECT}\\s+(?:and|with|to|against|vs\\.?|versus)\\s+${SUBJECT}${END}`, 'i'),
  new RegExp(`\\bhow\\s+(?:does|do|is|are)\\s+${SUBJECT}\\s+(?:differ|different|compare[sd]?)\\s+(?:from|to|with)\\s+${SUBJECT}${END}`, 'i'),
  new RegExp(`\\b(?:is|are)\\s+${SUBJECT}\\s+(?:the\\s+same\\s+as|different\\s+from)\\s+${SUBJECT}${END}`, 'i'),
  new RegExp(`\\buse\\s+${SUBJECT}\\s+(?:instead\\s+of|rather\\s+than|over)\\s+${SUBJECT}${END}`, 'i'),
  new RegExp(`\\b(?:should|do|would)\\s+(?:i|we|you|one)\\s+use\\s+${SUBJECT}\\s+or\\s+${SUBJECT}${END}`, 'i'),
  new RegExp(`^\\s*(?:which|what)\\b[^,:]*[,:]\\s*${SUBJECT}\\s+or\\s+${SUBJECT}${END}`, 'i'),
  new RegExp(`^\\s*${SUBJECT}\\s+(?:vs\\.?|versus|compared\\s+(?:to|with)|as\\s+opposed\\s+to)\\s+${SUBJECT}${END}`, 'i'),
  new RegExp(`^\\s*${SUBJECT}\\s+or\\s+${SUBJECT}\\s*[:,;]\\s*(?:which|what)\\b.*$`, 'i'),
];
// What a question opens with before "A vs B": "What's better:", "Compare"…
const LEAD_IN = /^(?:(?:and|but|so|also|then|now|ok(?:ay)?|what\s+about|how\s+about)[,:]?\s+)?(?:(?:what|which)(?:'s|\s+is|\s+are)?(?:\s+(?:better|best|faster|the\s+difference))?\s*[:,]?\s+|when\s+to\s+use\s+)?/i;
const POINTS_AWAY = /^(?:it|its|they|them|this|that|these|those|one|ones|the\s+other|others?)$/i;
const MAX_WORDS = 5;

/**
 * The two things a question compares, as it names them ("generateText", "streamText"), or none.
 * "Provider-defined and provider-executed tools" compares provider-defined tools with
 * provider-executed tools. A pronoun ("how does it differ from…") names nothing to look for.
 */
export function comparedSubjects(question: string): [string, string] | undefined {
  for (const pattern of COMPARISONS) {
    const match = pattern.exec(question.trim());
    if (!match) continue;
    let a = tidy(match[1]!.replace(LEAD_IN, ''));
    const b = tidy(match[2]!);
    if (!a || !b || [a, b].some((s) => POINTS_AWAY.test(s) || s.split(/\s+/).length > MAX_WORDS)) return undefined;
    // "function and dynamic tools": the plural after the second goes with the first too, when the
    // first is no plural of its own ("tools or structured outputs").
    const [aWords, bWords] = [a.split(/\s+/), b.split(/\s+/)];
    const noun = bWords.at(-1)!;
    if (bWords.length > aWords.length && /^\p{Ll}+s$/u.test(noun) && !/s$/i.test(a) && !aWords.includes(noun)) a = `${a} ${noun}`;
    if (a.toLowerCase() === b.toLowerCase()) return undefined;
    return [a, b];
  }
  return undefined;
}

/**
 * What "What is X?" (or "what does X do / mean / stand for?") asks about: X, as the question
 * names it (at most five words, not a pronoun), which documentation often has a section for
 * ("## `generateText`"). "What do I need to install?" asks about no X.
 */
export function definedSubject(question: string): string | undefined {
  const [, is, does] = /^\s*(?:(?:and|so|then)\s+)?what\s+(?:(?:is|are)\s+(.+?)|(?:does|do)\s+(.+?)\s+(?:do|mean|stand\s+for))[\s?.!]*$/i.exec(question) ?? [];
  const subject = is ?? does;
  const name = subject && tidy(subject);
  return name && !POINTS_AWAY.test(name) && !/^(?:the\s+)?(?:difference|differences|point|purpose|use|best|default)\b/i.test(name) && name.split(/\s+/).length <= MAX_WORDS ? name : undefined;
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
  return withoutMarks(text).replace(/\(\)/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * A pattern for a subject's name as text writes it: marks and case aside, words joined by spaces
 * or hyphens, a plural or not ("prepareStep callbacks" is named by "the `prepareStep` callback").
 */
export function namePattern(subject: string): string {
  const words = bare(subject).split(' ').map((w) => (w.length > 3 && w.endsWith('s') ? `${escapeRegExp(w.slice(0, -1))}s?` : escapeRegExp(w)));
  return `${words.join('[\\s-]+')}(?![\\p{L}\\p{N}_])`;
}

/** Where text names the subject: as words of their own. */
export function naming(subject: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${namePattern(subject)}`, 'iu');
}

// What a heading may call the thing it names: "### `prepareStep` callback".
const KIND_OF_NAME = '(?:\\s+(?:callback|function|hook|method|option|property|parameter|setting|component|helper|class|type|command|field|event)s?)?';

/**
 * A heading (or a table's column head) that is the subject's name and nothing else, or with what
 * kind of name it is: "## `streamText`", "### `prepareStep` callback".
 */
export function titles(heading: string, subject: string): boolean {
  return new RegExp(`^(?:the\\s+)?${namePattern(subject)}${KIND_OF_NAME}$`, 'iu').test(bare(heading.replace(/\s#+\s*$/, '')));
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
