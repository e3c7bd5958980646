// How-to questions ("How do I…?"): the sentence saying how, and the code example it leads into.
import { escapeRegExp } from '@/lib/escape-reg-exp';
import { withoutMarks } from '@/lib/without-marks';
import { isStopword, nameWords, stem } from '@/lib/ai/question-plan/text-terms';
import { ADDRESSES_THE_ASSISTANT, type Candidate, type Sentence, plain } from './sentence';

/** "How do I…", "how can we…": a question asking how to do what follows. */
const HOW_DO_I = /^\s*how\s+(?:do|can|could|should|would)\s+(?:i|we|you|one)\s+/i;

/**
 * "How do I generate text?" is answered by the sentence that says how to do just that: "You can
 * generate text using the `generateText` function." (the question's own words, then "using",
 * "with"…; only a short question, as a long one is seldom repeated word for word), or by one
 * that has the reader do the question's verb: "Function tools are tools you define yourself".
 */
export function wayOf(question: string): RegExp | undefined {
  const action = new RegExp(`${HOW_DO_I.source}(.+?)[\\s?.!]*$`, 'i').exec(question)?.[1];
  if (!action) return undefined;
  const ways: string[] = [];
  if (action.split(/\s+/).length <= 4)
    ways.push(
      `\\b${escapeRegExp(withoutMarks(action)).replace(/\s+/g, '\\s+')}\\s+(?:using|with|by|via|through|from)\\b`,
    );
  const verb = /^[a-z]+/i.exec(action)?.[0];
  if (verb && !isStopword(verb))
    ways.push(
      `\\byou\\s+(?:(?:can|could|should|must|may|need\\s+to|have\\s+to|want\\s+to)\\s+)?(?:also\\s+|then\\s+)?${escapeRegExp(stem(verb))}`,
    );
  return ways.length > 0 ? new RegExp(ways.join('|'), 'i') : undefined;
}

/**
 * The sentences holding a name made of the question's own words: "How can I stream text?" asks for
 * `streamText`, which is what a sentence naming it is about, more than one about `smoothStream`
 * that says "stream" and "text" too.
 */
export function spellingNames(sentences: Sentence[], asked: Set<string>): Set<Sentence> {
  const spells = (word: string) => {
    const words = nameWords(word);
    return words.length > 0 && words.every((w) => asked.has(w));
  };
  return new Set(sentences.filter((s) => s.text.match(/[\p{L}\d_]+/gu)?.some(spells)));
}

/** The sentences a pattern matches, written as they read (without code marks). */
export function sentencesSaying(sentences: Sentence[], pattern: RegExp | undefined): Set<Sentence> {
  return new Set(pattern ? sentences.filter((s) => pattern.test(plain(s.text))) : []);
}

/** "How do I install X?": the headings over nothing but code that name its verb ("Installation:"), which say how by showing it. */
export function headingsShowing(sentences: Sentence[], question: string): Sentence[] {
  const verb = new RegExp(`${HOW_DO_I.source}([a-z]+)`, 'i').exec(question)?.[1];
  if (!verb || isStopword(verb)) return [];
  const done = stem(verb.toLowerCase());
  return sentences.filter((s) => s.codeHeading && s.terms.has(done));
}

/** The sentence's paragraph leads into a code example the answer can show (never a list item's). */
export function leadsIntoExample(s: Sentence): boolean {
  return !s.item && s.code !== undefined && codeExample(s.code) !== undefined;
}

/** Lines of code under a heading whose words count as the heading's: a command or two, not a program. */
export const SHORT_CODE_LINES = 3;
/** Lines of code an answer shows at most: a longer program is no example to read in a reply. */
const MAX_CODE_LINES = 25;

/**
 * A passage's fenced code as the answer shows it: its lines without the fence's indentation, in
 * a backtick fence longer than any run of backticks in them, with its language if it names one.
 * None when the passage ends before the code does (half a program is no example), when it is
 * too long, or when it talks to the assistant, as a sentence may not.
 */
export function codeExample(raw: string): string | undefined {
  const lines = raw.split('\n');
  const open = /^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[0]!);
  if (!open || lines.length < 3) return undefined;
  const [, indent, fence, info] = open as unknown as [string, string, string, string];
  if (!new RegExp(`^ {0,3}${escapeRegExp(fence[0]!)}{${fence.length},}\\s*$`).test(lines.at(-1)!)) return undefined;
  const body = lines.slice(1, -1).map((line) => line.replace(new RegExp(`^ {0,${indent.length}}`), ''));
  while (body.length > 0 && !body.at(-1)!.trim()) body.pop();
  while (body.length > 0 && !body[0]!.trim()) body.shift();
  const content = body.join('\n');
  if (
    body.length === 0 ||
    body.length > MAX_CODE_LINES ||
    ADDRESSES_THE_ASSISTANT.slice(0, 2).some((re) => re.test(content))
  )
    return undefined;
  const ticks = '`'.repeat(Math.max(3, ...Array.from(content.matchAll(/`+/g), (m) => m[0].length + 1)));
  return `${ticks}${/^[\w+#.-]+$/.test(info) ? info : ''}\n${content}\n${ticks}`;
}

/**
 * The best pick whose paragraph leads into a code example shows it, after the paragraph's last
 * sentence shown: "How do I stop after five steps?" is answered by the sentence and the code
 * doing it. One example, and never in a list.
 */
export function withCodeExample(chosen: Candidate[], sentences: Sentence[]): void {
  const codeOf = (c: Candidate) =>
    c.item ? undefined : sentences.find((s) => s.rank === c.rank && s.position === c.position)?.code;
  for (const c of chosen) {
    const raw = codeOf(c);
    const example = raw && codeExample(raw);
    if (!example) continue;
    const last = chosen
      .filter((o) => o.rank === c.rank && codeOf(o) === raw)
      .reduce((a, b) => (b.position > a.position ? b : a));
    last.code = example;
    break;
  }
}
