// The analysis of one message, made once per turn: what is asked and the searches that find its
// passages. Retrieval runs the searches; both models get the plan (the local one as data, through
// providerOptions), so a follow-up is resolved, and a comparison split, in one place.
import { comparedSubjects, definedSubject } from './compared-subjects';
import { tellingWords } from './outside-knowledge';
import { classifySmallTalk, type SmallTalk } from './small-talk';
import { askedInContext } from './standalone-question';
import { askedInTurn, asksForMore, leansOnHistory } from './text-terms';

/** One question of a message, as it is answered and looked up. */
export interface AskedQuestion {
  question: string;
  /** The earlier question it leans on, as context. */
  previousQuestion?: string;
}

/** One search: its query, and the one or two things the question names, each also looked up alone. */
export interface PlannedSearch {
  query: string;
  subjects?: string[];
}

/** Everything about a message that does not depend on the passages; plain JSON, so it travels as provider options. */
export interface QuestionPlan extends AskedQuestion {
  /** Greetings, thanks, questions about the assistant: no passages needed. */
  smallTalk?: SmallTalk;
  /** It leans on the previous question ("and its side effects?"). */
  followUp: boolean;
  /** It asks for more of what was said ("Tell me more", "Go on"). */
  asksForMore: boolean;
  /** The two things a comparison sets side by side ("…difference between X and Y?"). */
  compared?: [string, string];
  /** The message's questions when it asks more than one ("What is X, and how do I use it?"), each as asked in turn. */
  parts: AskedQuestion[];
  /** What retrieval looks up for the message as a whole: it, or it after the question it leans on. */
  query: string;
  /** The searches to run; with more than one (one per part), their passages are taken in turn. */
  searches: PlannedSearch[];
  /** The words whose absence from the knowledge base says it does not cover the question (see `outsideKnowledge`). */
  tellingWords: string[];
  /** Words of the questions the index lacked, each made the near word it has ("expences": "expenses"): the plan is of the corrected text. */
  corrections?: SpellingCorrection[];
}

/** A word as asked and the word searched for instead (lib/knowledge/index's `Correction`). */
export interface SpellingCorrection {
  word: string;
  correction: string;
}

/** The query for a question: itself, plus the previous question when it is a follow-up. */
export function retrievalQuery(question: string, previousQuestion?: string): string {
  if (!previousQuestion) return question;
  return leansOnHistory(question) ? `${previousQuestion}\n${question}` : question;
}

/**
 * The plan for the last of a conversation's questions (oldest first, the new one last): a
 * follow-up resolved into the question it stands for when it stands for one (see `askedInContext`).
 * With corrections, the plan is of the questions as corrected, and carries them.
 */
export function planQuestion(questions: readonly string[], corrections: SpellingCorrection[] = []): QuestionPlan {
  if (corrections.length > 0)
    return { ...planQuestion(questions.map((q) => withCorrections(q, corrections))), corrections };
  const { question, previousQuestion } = askedInContext(questions);
  const query = retrievalQuery(question, previousQuestion);
  const compared = comparedSubjects(question);
  const parts = compared ? [] : askedInTurn(question, previousQuestion);
  const searches =
    parts.length > 1
      ? parts.map((part) =>
          search(part.question, retrievalQuery(part.question, part.previousQuestion), comparedSubjects(part.question)),
        )
      : [search(question, query, compared)];
  return {
    question,
    ...(previousQuestion === undefined ? {} : { previousQuestion }),
    ...optional('smallTalk', classifySmallTalk(question)),
    followUp: previousQuestion !== undefined && leansOnHistory(question),
    asksForMore: asksForMore(question),
    ...optional('compared', compared),
    parts: parts.length > 1 ? parts : [],
    query,
    searches,
    tellingWords: tellingWords(query),
  };
}

/** "What is X?" is also looked up by X alone, and a comparison by each of its sides. */
function search(question: string, query: string, compared: [string, string] | undefined): PlannedSearch {
  const defined = definedSubject(question);
  const subjects = compared ?? (defined ? [defined] : undefined);
  return subjects ? { query, subjects } : { query };
}

/** A key only when it has a value: the plan stays plain JSON, without undefined. */
function optional<K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [k in K]?: V };
}

/** The text with each corrected word (letters only) replaced wherever it stands as a whole word, its capital kept. */
export function withCorrections(text: string, corrections: readonly SpellingCorrection[]): string {
  return corrections.reduce(
    (said, { word, correction }) =>
      said.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${word}(?![\\p{L}\\p{N}_])`, 'giu'), (found) =>
        /^\p{Lu}/u.test(found) ? correction.charAt(0).toUpperCase() + correction.slice(1) : correction,
      ),
    text,
  );
}
