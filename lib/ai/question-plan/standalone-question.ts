/**
 * Follow-ups as questions of their own. Retrieval and the local model read one question at a
 * time, with the question before it as context at most, and context is not enough when the
 * follow-up puts a pronoun where a name was: "How does it differ from streamText?" after "What is
 * generateText?" is a comparison only once "it" is generateText. So such a follow-up is searched
 * and answered as the question it stands for. A chat model still reads the conversation as
 * written.
 */
import { escapeRegExp } from '@/lib/escape-reg-exp';
import { bothOf, definedSubject, nameOf, pairOf, pronounSide, subjectOf } from './compared-subjects';
import { asksForMore, contentTerms, pointsBack } from './text-terms';

const LEAD = '^\\s*(?:(?:and|but|so|ok(?:ay)?|then)[,\\s]+)?';
const THE_TWO = '(?:they|them|these|those|both|(?:the|these|those)\\s+two(?:\\s+\\p{L}+)?)';
// "How do they differ?", "What's the difference between them?", "Compare the two": the two things
// the question before was about, and what follows ("…in speed?").
const HOW_THEY_DIFFER = new RegExp(
  `${LEAD}(?:how\\s+(?:do|does|are|is)\\s+${THE_TWO}\\s+(?:differ|different|compare)|what(?:'s|\\s+is|\\s+are)\\s+the\\s+differences?(?:\\s+between\\s+${THE_TWO})?|compare\\s+${THE_TWO}|(?:are|is)\\s+${THE_TWO}\\s+(?:the\\s+same|(?:any\\s+)?different))\\b(.*?)[\\s?.!]*$`,
  'iu',
);
// "Which one should I use?", "Which of them is faster?"
const WHICH_OF_THEM = new RegExp(
  `${LEAD}which(?:\\s+one|\\s+of\\s+${THE_TWO})?\\s+((?:is|are|should|would|will|do|does|works?|fits?|suits?)\\b.*?)[\\s?.!]*$`,
  'iu',
);
// "What about streamText?", "And OpenAI?": the question before, asked of another name.
const WHAT_ABOUT = /^\s*(?:(?:and|but|so)[,\s]+(?:(?:what|how)\s+about\s+)?|(?:what|how)\s+about\s+)(.+?)[\s?.!]*$/i;
// A pronoun that may stand for what a question was about, or for its owner.
const PRONOUN = /\b(?:it|they|them)\b(?!['’])/gi;
const POSSESSIVE = /\b(?:its|their)\b/gi;
// An "it" that stands for nothing: "Is it possible to stream objects?", "How long does it take?"
const IT_FOR_NOTHING =
  /\b(?:is|was|would|will)\s+it\s+(?:be\s+)?(?:possible|necessary|recommended|better|best|ok(?:ay)?|required|true|important|worth|normal|wise|a\s+good\s+idea|safe\s+to)\b|\bit\s+(?:is|was|would\s+be|will\s+be)\s+(?:possible|necessary|recommended|better|best|ok(?:ay)?|required|true|important|worth|normal|wise|a\s+good\s+idea|safe\s+to)\b|\bdoes\s+it\s+take\b|\bmake\s+it\s+work\b/i;
/** How many earlier questions a follow-up is resolved through. */
const RESOLVED_QUESTIONS = 20;

/**
 * A question as retrieval and the local model read it, given the conversation's questions
 * (oldest first, it last): the question it stands for, when it is a follow-up that stands for one;
 * else itself, with the question it may lean on (the latest earlier one with a subject of its own,
 * not "tell me more", itself as it stands alone: "What about streamText?" as "What is
 * streamText?").
 */
export function askedInContext(questions: readonly string[]): { question: string; previousQuestion?: string } {
  const earlier: string[] = [];
  const recent = questions.slice(-RESOLVED_QUESTIONS);
  for (const question of recent.slice(0, -1)) {
    if (!asksForMore(question) && contentTerms(question).length > 0)
      earlier.push(standaloneQuestion(question, earlier) ?? question);
  }
  const question = recent.at(-1) ?? '';
  const standalone = standaloneQuestion(question, earlier);
  return standalone ? { question: standalone } : { question, previousQuestion: earlier.at(-1) };
}

/**
 * The question a follow-up stands for, or none when it stands alone or leans on the question
 * before in a way context covers ("is there another way to stop it?"). `earlier`: the subject questions
 * before it, as they stand alone.
 * - A comparison with a pronoun for one side: "How does it differ from streamText?" after "What
 *   is generateText?" → "How does generateText differ from streamText?".
 * - "How do they differ?", "Which one should I use?" after a question about two things, or two
 *   questions about one each.
 * - "When should I use them?" after "What are dynamic tools?" → "When should I use dynamic tools?",
 *   "What are its options?" after "What is generateText?" → "What are generateText's options?".
 * - "What about streamText?" after a question about one name → that question, of streamText. Only
 *   a name stands in for a name of its kind: "what about side effects?" after "What is aspirin?"
 *   asks about aspirin's.
 */
function standaloneQuestion(question: string, earlier: readonly string[]): string | undefined {
  const previous = earlier.at(-1);
  if (!previous) return undefined;
  // (a pronoun the question gives a referent of its own stays: "Which tools run when the model calls them?")
  const pointing = pointsBack(question);
  const pronoun = pointing ? pronounSide(question) : undefined;
  if (pronoun) {
    const subject = subjectOf(previous);
    return subject && subject.toLowerCase() !== pronoun.other.toLowerCase()
      ? `${question.slice(0, pronoun.start)}${subject}${question.slice(pronoun.end)}`
      : undefined;
  }
  const differ = HOW_THEY_DIFFER.exec(question);
  const which = differ ? undefined : WHICH_OF_THEM.exec(question);
  if (differ || which) {
    const pair = pairOf(previous) ?? lastTwoSubjects(earlier);
    if (!pair) return undefined;
    return differ
      ? `What is the difference between ${pair[0]} and ${pair[1]}${differ[1]}?`
      : `${pair[0]} or ${pair[1]}, which ${which![1]}?`;
  }
  const pronouns = question.match(PRONOUN) ?? [];
  const possessives = question.match(POSSESSIVE) ?? [];
  if (pointing && pronouns.length + possessives.length > 0) {
    // "When should I use them?" after "What are dynamic tools?", "What are its options?" after
    // "What is generateText?": the one thing asked about, for a pronoun that is the question's one
    // reference back ("another way to stop it" also means another than the answer just given,
    // which context tells).
    const defined = definedSubject(previous);
    const rest = question.replace(PRONOUN, ' ').replace(POSSESSIVE, ' ');
    if (
      pronouns.length > 1 ||
      possessives.length > 1 ||
      !defined ||
      bothOf(defined) ||
      pointsBack(rest) ||
      IT_FOR_NOTHING.test(question) ||
      asksForMore(question)
    )
      return undefined;
    return question
      .replace(PRONOUN, (pronoun) => referent(defined, pronoun))
      .replace(POSSESSIVE, (pronoun) => {
        const owner = referent(defined, pronoun);
        return /s$/i.test(owner) ? `${owner}'` : `${owner}'s`;
      });
  }
  // (a name of the same kind: "What about OpenAI?" after "What is generateText?" may well ask
  // about generateText with OpenAI)
  const about = WHAT_ABOUT.exec(question)?.[1];
  const named = about ? nameOf(about) : undefined;
  const subject = named && subjectOf(previous);
  const was = subject ? nameOf(subject) : undefined;
  if (!named || !subject || was?.inCode !== named.inCode || subject.toLowerCase() === named.name.toLowerCase())
    return undefined;
  const written = new RegExp(`(?:\\b(?:the|a|an)\\s+)?\`?${escapeRegExp(subject)}(?:\\(\\))?\`?`, 'i');
  return written.test(previous) ? previous.replace(written, named.name) : undefined;
}

/**
 * What a pronoun stands for after a question about `subject`: the subject, or its owner when an
 * "it" would otherwise stand for a plural ("What are generateText's options?", then "What does it
 * return?": generateText).
 */
function referent(subject: string, pronoun: string): string {
  const [, owner, owned] = /^(.+?)['’]s?\s+(.+)$/u.exec(subject) ?? [];
  return owner && owned && /^it/i.test(pronoun) && /\p{L}(?<![su])s$/iu.test(owned) ? owner : subject;
}

/** "What is generateText?", then "What about streamText?": the two things the last two questions were about. */
function lastTwoSubjects(earlier: readonly string[]): [string, string] | undefined {
  const [a, b] = earlier.slice(-2).map(subjectOf);
  return a && b && a.toLowerCase() !== b.toLowerCase() ? [a, b] : undefined;
}
