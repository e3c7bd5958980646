// What kind of thing a question asks for, and whether a sentence holds one, from the parts of
// speech and entities wink-nlp tags: "When was Tesla born?" is answered by the sentence with a
// date Tesla's question does not already say, wherever among the passages it stands.
import { readText, type Token } from '@/lib/text/read-english';

export type AnswerType = 'time' | 'duration' | 'amount' | 'person' | 'place' | 'reason' | 'yesno';

// The noun after "what"/"which" names the kind of answer: "What year…", "Which country…".
const NOUN_TYPES: Record<string, AnswerType> = Object.fromEntries(
  (
    [
      ['time', 'year date day month century decade era period season time'],
      ['place', 'country city state place town region continent province island county location nation village'],
      ['person', 'person man woman king queen president author founder inventor leader player singer actor writer'],
      [
        'amount',
        'number population amount size length height area price cost percentage weight distance speed temperature depth width rate',
      ],
    ] as const
  ).flatMap(([type, nouns]) => nouns.split(' ').map((noun) => [noun, type])),
);
// "How many", "how old", "how far": the adverb or adjective after "how" asks for an amount.
const HOW_AMOUNT = new Set('many much old far tall high big large deep wide heavy fast long often'.split(' '));
const DURATION_HOW = new Set(['long', 'often']);
const WH = new Set(['when', 'where', 'who', 'whom', 'whose', 'why', 'how', 'what', 'which']);
// Words that give a reason: a sentence with none of them says the question's words, not why.
const REASON_WORDS = new Set(
  'because due since owing therefore thus hence consequently cause reason result order'.split(' '),
);
const ASKING_CHARS = 200;
const MAX_QUESTION_CHARS = 2_000;
const PLACE_PREPOSITIONS = new Set('in at near from into across throughout within outside inside'.split(' '));

/** The kind of answer a question asks for, when its wording says one. */
export function askedFor(question: string): AnswerType | undefined {
  // (its opening says what it asks: a message of thousands of questions is not read whole)
  const tokens = readText(question.slice(0, ASKING_CHARS)).tokens.filter((t) => t.pos !== 'PUNCT');
  if (tokens.length === 0) return undefined;
  if (tokens[0]!.pos === 'AUX') return 'yesno';
  const at = tokens.findIndex((t, i) => i < 5 && WH.has(t.normal));
  if (at < 0) return undefined;
  const wh = tokens[at]!.normal;
  const next = tokens[at + 1];
  switch (wh) {
    case 'when':
      return 'time';
    case 'where':
      return 'place';
    case 'who':
    case 'whom':
    case 'whose':
      return 'person';
    case 'why':
      return 'reason';
    case 'how':
      if (next && HOW_AMOUNT.has(next.normal)) return DURATION_HOW.has(next.normal) ? 'duration' : 'amount';
      return undefined;
    default: {
      // the first noun after "what"/"which", over a determiner, an adjective or "is the"
      const noun = tokens.slice(at + 1, at + 5).find((t) => t.pos === 'NOUN' || t.pos === 'PROPN');
      return noun ? NOUN_TYPES[noun.lemma] : undefined;
    }
  }
}

/** Whether the question asks for several of a kind: "Which cities…", "What years…" (its noun is plural). */
export function asksForSeveral(question: string): boolean {
  const tokens = readText(question.slice(0, ASKING_CHARS)).tokens.filter((t) => t.pos !== 'PUNCT');
  const at = tokens.findIndex((t, i) => i < 5 && (t.normal === 'what' || t.normal === 'which'));
  const noun = at < 0 ? undefined : tokens.slice(at + 1, at + 5).find((t) => t.pos === 'NOUN');
  return !!noun && noun.lemma !== noun.normal;
}

/**
 * The question's verbs said of a pronoun, as written: "does it come with", "can I get". (Not every
 * verb: in "How do I handle errors when streaming?" it names the subject, and the small model tags
 * nouns as verbs, "upload size limit".)
 */
export function questionVerbs(question: string): string[] {
  const tokens = readText(question.slice(0, MAX_QUESTION_CHARS)).tokens;
  // (not the question's opening pronoun: in "Who logs the weather?" the verb is what it asks)
  return tokens.filter((t, i) => i > 1 && t.pos === 'VERB' && tokens[i - 1]!.pos === 'PRON').map((t) => t.value);
}

/** The words of a question, as a sentence's tokens are compared with them (normal form and lemma). */
export function questionWords(question: string): Set<string> {
  return new Set(readText(question.slice(0, MAX_QUESTION_CHARS)).tokens.flatMap((t) => [t.normal, t.lemma]));
}

const isYear = (t: Token) => t.pos === 'NUM' && /^(?:1\d{3}|20\d{2})s?$/.test(t.normal);

/** Whether `text` holds an answer of `type` that the question (its `asked` words) does not already say. */
export function holdsAnswer(text: string, type: AnswerType, asked: Set<string>): boolean {
  const tokens = readText(text).tokens;
  const fresh = (t: Token) => !asked.has(t.normal);
  switch (type) {
    case 'time':
      return tokens.some((t) => fresh(t) && (t.entity === 'DATE' || t.entity === 'TIME' || isYear(t)));
    case 'duration':
      return tokens.some((t) => fresh(t) && (t.entity === 'DURATION' || t.entity === 'CARDINAL'));
    case 'amount':
      return tokens.some(
        (t) =>
          fresh(t) &&
          (t.entity === 'CARDINAL' || t.entity === 'MONEY' || t.entity === 'PERCENT' || (t.pos === 'NUM' && !t.entity)),
      );
    case 'person':
      return tokens.some((t, i) => t.pos === 'PROPN' && fresh(t) && !placed(tokens, i));
    case 'place':
      return tokens.some((t, i) => t.pos === 'PROPN' && fresh(t) && placed(tokens, i));
    case 'reason':
      return tokens.some((t) => REASON_WORDS.has(t.normal));
    case 'yesno':
      return false;
  }
}

/** The proper noun at `i` names a place: a preposition of place comes before its name ("in the Bronx, New York"). */
function placed(tokens: Token[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (tokens[j]!.pos === 'PROPN' || tokens[j]!.pos === 'DET' || tokens[j]!.normal === ',')) j--;
  return j >= 0 && tokens[j]!.pos === 'ADP' && PLACE_PREPOSITIONS.has(tokens[j]!.normal);
}
