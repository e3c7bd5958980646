import type { PromptSource } from '@/lib/ai/prompt/sources-block';
import { comparedSubjects } from '@/lib/ai/question-plan/compared-subjects';
import { classifySmallTalk, smallTalkReply } from '@/lib/ai/question-plan/small-talk';
import { askedInTurn, asksForMore, contentTerms, leansOnHistory } from '@/lib/ai/question-plan/text-terms';
import { ANSWER_KINDS, ASKS_FOR_CODE, NAMES_IN_CODE, WAY_TO_DO } from './answer/answer-kinds';
import { COMPARING, SIDE_WORDS, comparedAgain, comparison } from './answer/comparison';
import { definitionOf } from './answer/definition';
import { namesTitle, titlesNamed } from './answer/documents';
import { NOTHING_FOUND, NOTHING_MORE, NOT_ANSWERED } from './answer/fixed-replies';
import { ANOTHER_WORDS, ASKS_FOR_ANOTHER, continuing, goOn, sourceOrder } from './answer/going-on';
import { headingsShowing, leadsIntoExample, sentencesSaying, spellingNames, wayOf } from './answer/how-to';
import { unlinked, withPassageLinks } from './answer/links';
import { otherItems } from './answer/lists';
import { codeNames, namedKinds, questionTerms } from './answer/question-terms';
import { select } from './answer/select';
import { type Sentence, readingLeads } from './answer/sentence';
import { readSentences } from './answer/read-sentences';
import { askedFor, asksForSeveral, holdsAnswer, questionWords } from './language/answer-types';
import { listedInTable } from './answer/table-rows';

export { NOTHING_FOUND, NOTHING_MORE, NOT_ANSWERED } from './answer/fixed-replies';

/** How well a Regenerate's other sentences must answer, against the best answer's first sentence. */
const FRESH_SHARE = 0.45;

/**
 * The extractive answer: the sentences of the retrieved passages that best match
 * the question, in retrieval order, each followed by its `[n]` citation. In a
 * follow-up, terms of the previous question count at half weight in sentences that
 * say something the new question asks (or hold the kind of thing it asks for), so
 * "and its side effects?" finds the side effects of the earlier subject. What the replies
 * above said is said again when it answers ("Where do they run?"), and gives way to other
 * sentences when the follow-up asks for another ("Any other way?") or for more ("tell me
 * more": the ones that follow it). Asked again, it answers with the next best sentences when
 * there are any that answer well enough, else as before.
 */
export function composeAnswer(args: ComposeArgs): string {
  // (The replies above are compared with sentences as their words: what they link is not what they say.)
  const answer = composeWords({
    ...args,
    previousAnswers: args.previousAnswers?.map(unlinked),
    earlierAnswers: args.earlierAnswers?.map(unlinked),
  });
  return withPassageLinks(answer, args.sources);
}

interface ComposeArgs {
  question: string;
  previousQuestion?: string;
  /** What the turn's question plan found (lib/ai/question-plan); without one, found here the same way. */
  plan?: { compared?: [string, string]; parts: { question: string; previousQuestion?: string }[] };
  /** The conversation's replies above this question: a follow-up says something else when it can. */
  previousAnswers?: string[];
  sources: PromptSource[];
  /** Earlier answers to this question (a Regenerate): their sentences give way to others that answer it too. */
  earlierAnswers?: string[];
  /** What the assistant calls itself (from the prompt), when asked who it is. */
  assistantName?: string;
  /** The question is one of a message's questions (questionsIn), answered as it is: never split again. */
  oneQuestion?: boolean;
  /** The answers to the message's questions before this one: a sentence they said is not said again as a lead. */
  saidAbove?: string[];
}

/** The answer as words, its sentences' links left out (see withPassageLinks). */
function composeWords({
  question,
  previousQuestion,
  plan,
  previousAnswers = [],
  sources,
  earlierAnswers = [],
  assistantName,
  oneQuestion = false,
  saidAbove = [],
}: ComposeArgs): string {
  const smallTalk = classifySmallTalk(question, assistantName);
  if (smallTalk) return smallTalkReply(smallTalk, assistantName);
  if (sources.length === 0) return NOTHING_FOUND;

  // The previous question only for a follow-up, as in retrieval: a question that stands alone
  // would otherwise pull in sentences about the last subject.
  const followUp = previousQuestion !== undefined && leansOnHistory(question);
  const goesOn = followUp && previousAnswers.length > 0 && asksForMore(question);
  // Two questions in one ("How long does it last, and how do I replace it?"): each is answered
  // as if asked in turn, a later one that points back ("it") as a follow-up of the one before,
  // without the sentences an earlier answer gave.
  const subjects = goesOn ? undefined : plan ? plan.compared : comparedSubjects(question);
  const asked = goesOn || subjects || oneQuestion ? [] : (plan?.parts ?? askedInTurn(question, previousQuestion));
  if (asked.length > 1) {
    const answers: string[] = [];
    asked.forEach((part, i) => {
      const answer = composeWords({
        ...part,
        previousAnswers: i === 0 ? previousAnswers : [],
        sources,
        earlierAnswers,
        assistantName,
        oneQuestion: true,
        saidAbove: answers,
      });
      // (a sentence as rendered, with its citation: "…after a day [1].", unless a list or code runs through it)
      const sentences = answer.includes('\n') ? [answer] : answer.split(/(?<=\][.!?。]+)\s+/);
      const fresh = sentences.filter((sentence) => !answers.some((a) => a.includes(sentence))).join(' ');
      if (answer !== NOT_ANSWERED && fresh) answers.push(fresh);
    });
    if (answers.length === 0) return NOT_ANSWERED;
    return answers.join(answers.some((a) => a.includes('\n')) ? '\n\n' : ' ');
  }
  const own = goesOn ? new Map<string, number>() : questionTerms(question);
  const weights = new Map<string, number>();
  if (followUp) for (const [t, w] of questionTerms(previousQuestion)) if (!own.has(t)) weights.set(t, w / 2);
  // Terms only the previous question has are context: they count in a sentence that itself says
  // one of the new question's terms or holds the kind of thing it asks for ("Which function can I
  // pass it to?" is answered by a sentence naming one), or in any, when the new one has none: "Why?".
  const context = own.size > 0 ? new Set(weights.keys()) : new Set<string>();
  for (const [t, w] of own) weights.set(t, w);

  const { sentences, shortItems } = readSentences(sources);

  // A question naming a document by its title is answered from it, or from passages naming it too:
  // "Which options does fast-glob accept for ignoring files?" not by micromatch's `ignore` option.
  // A follow-up naming none goes on with the document the question before named ("How do I turn
  // off the colors?" after "How do I enable debug output?").
  const ownNamed = titlesNamed(sources, own);
  const named = ownNamed.length > 0 || !followUp ? ownNamed : titlesNamed(sources, weights);
  const naming = new Set(sources.filter((p) => named.some((terms) => namesTitle(p, terms))).map((p) => p.n));
  if (naming.size > 0) {
    for (const list of [sentences, shortItems]) list.splice(0, list.length, ...list.filter((s) => naming.has(s.n)));
  }

  // Rarer terms say more about relevance: weight each by its inverse sentence frequency.
  const idf = new Map<string, number>();
  for (const term of weights.keys()) {
    const df = sentences.filter((s) => s.terms.has(term) || s.titleTerms.has(term)).length;
    idf.set(term, df === 0 ? 0 : Math.log(1 + sentences.length / df));
  }
  const questionWeight = [...weights].reduce((sum, [t, w]) => sum + w * Math.max(idf.get(t) ?? 0, 0.5), 0);

  const uncited = (answers: string[]) => answers.map((a) => a.replace(/\s*\[\d+\]/g, ''));
  // (a sentence introducing a list the answer left out ends with a full stop there)
  const saidIn = (answers: string[]) => (s: { text: string }) =>
    answers.some((a) => a.includes(s.text.replace(/[.!?。:]+$/, '')));
  const said = uncited([
    ...earlierAnswers,
    ...(goesOn || (followUp && ASKS_FOR_ANOTHER.test(question)) ? previousAnswers : []),
  ]);
  const wasSaid = saidIn(said);
  // Asked for more: what follows the reply just above (or this reply's earlier versions) in its passages;
  // asked again once those are all said, what follows the reply above, as the first time.
  const follows = continuing(sources);
  const goesOnFrom = (answers: string[], said: (s: Sentence) => boolean) =>
    goOn(sentences, follows, saidIn(uncited(answers)), said);
  const next = goesOn
    ? (goesOnFrom([...earlierAnswers, ...previousAnswers.slice(-1)], wasSaid) ??
      (earlierAnswers.length > 0 ? goesOnFrom(previousAnswers.slice(-1), saidIn(uncited(previousAnswers))) : undefined))
    : undefined;
  if (next) return next;
  // Asked for another after one item of a list: the list's other items.
  const asksForAnother = followUp && previousAnswers.length > 0 && ASKS_FOR_ANOTHER.test(question);
  const others = asksForAnother
    ? otherItems(
        sentences,
        saidIn(uncited(previousAnswers.slice(-1))),
        wasSaid,
        contentTerms(question.replace(ANOTHER_WORDS, ' ')),
      )
    : undefined;
  if (others) return others;
  const none = goesOn ? NOTHING_MORE : NOT_ANSWERED;
  if (weights.size === 0) return none;

  const listed = earlierAnswers.length === 0 ? listedInTable(question, sentences, own, idf, follows) : undefined;
  if (listed) return listed;
  const kinds = ANSWER_KINDS.filter(([asks]) => asks.test(question)).map(([, holds]) => holds);
  const definition = definitionOf(question);
  if (definition) kinds.push(definition.holds);
  const type = askedFor(question);
  const askedWords = type && questionWords(question);
  const scoring = {
    question,
    typed: type && ((s: Sentence) => holdsAnswer(s.text, type, askedWords!)),
    asksAmount: type === 'amount' || type === 'duration',
    asksEntity: type !== undefined && type !== 'reason' && type !== 'yesno' && !asksForSeveral(question),
    relevance: sources.map((source) => source.relevance ?? 1),
    weights,
    context,
    idf,
    questionWeight,
    kinds,
    readsLead: readingLeads(sentences, weights, context, idf),
    shortItems,
    // Only a question asking for a name or a way: "does producing the final object use up a step?"
    // is not answered by `finalStep`.
    spellsName:
      kinds.includes(NAMES_IN_CODE) || kinds.includes(WAY_TO_DO)
        ? spellingNames(sentences, new Set(own.keys()))
        : new Set<Sentence>(),
    saysHow: new Set([
      ...sentencesSaying(sentences, goesOn ? undefined : wayOf(question)),
      ...headingsShowing(sentences, goesOn ? '' : question),
    ]),
    showsCode: kinds.includes(WAY_TO_DO) || ASKS_FOR_CODE.test(question),
    introducesCode: new Set(ASKS_FOR_CODE.test(question) ? sentences.filter(leadsIntoExample) : []),
    names: codeNames(goesOn ? '' : question),
    kindsNamed: namedKinds(goesOn ? '' : question),
    defined: definition && new Set(contentTerms(definition.subject)),
    follows,
    inSource: sourceOrder(sources),
    // ("Where does edelweiss grow, and why is it woolly?": "Its woolly bracts…" without its lead, said just before)
    leadSaid: saidIn(uncited(saidAbove)),
  };
  if (subjects) {
    // One side of a comparison is answered as "what is it?": by its own name, and the question's
    // other words ("for chatbots") as hints.
    const hints = [...own.keys()].filter(
      (t) => !COMPARING.has(t) && !subjects.some((s) => contentTerms(s).includes(t)),
    );
    const sideScoring = (subject: string) => {
      const named = new Set(contentTerms(subject));
      const sideWeights = new Map(
        [...named].map((t) => [t, 1]).concat(hints.map((t) => [t, 0.5])) as [string, number][],
      );
      return {
        ...scoring,
        weights: sideWeights,
        context: new Set<string>(),
        questionWeight: [...sideWeights].reduce((sum, [t, w]) => sum + w * Math.max(idf.get(t) ?? 0, 0.5), 0),
        kinds: [],
        readsLead: readingLeads(sentences, sideWeights, new Set(), idf),
        spellsName: new Set<Sentence>(),
        saysHow: new Set<Sentence>(),
        showsCode: false,
        introducesCode: new Set<Sentence>(),
        names: new Set<string>(), // (a side is about its own name: its weights)
        limits: { sentences: 2, words: SIDE_WORDS },
      };
    };
    const compared = comparison(subjects, hints, sources, sentences, shortItems, sideScoring);
    // Asked again: what else the passages say of each (if they say something of both).
    const again =
      compared && earlierAnswers.length > 0
        ? comparedAgain(subjects, hints, sources, sentences, wasSaid, sideScoring)
        : undefined;
    if (compared) return again ?? compared;
  }
  const best = select(sentences, scoring);
  if (!best) return none;
  // Asked again, or for another: the sentences no earlier answer gave (nor a reply above),
  // if their best answers the question at least 45 % as well as the best of all (else
  // the next answer would only be a worse one: "Lyon is a city of France" for "What is the
  // capital of France?" scores 41 % of "Paris is the capital"). Asked for more, it says there is
  // no more rather than say the same again.
  const fresh =
    said.length > 0
      ? select(
          sentences.filter((s) => !wasSaid(s)),
          scoring,
        )
      : undefined;
  if (fresh && fresh.first >= FRESH_SHARE * best.first) return fresh.text;
  return goesOn ? NOTHING_MORE : best.text;
}
