// The general answer: the sentences that best cover the question's terms (greedy), with their lists, rows and code.
import { contentTerms } from '@/lib/ai/question-plan/text-terms';
import { leadsIntoExample, withCodeExample } from './how-to';
import { MAX_SENTENCES, MAX_WORDS, OVERVIEW_SENTENCES, TIED_ROWS_LISTED } from './limits';
import { withLists } from './lists';
import { render } from './render';
import {
  type Candidate,
  POINTER_SHARE,
  type Sentence,
  clean,
  codeTermsOf,
  completes,
  plain,
  shownWords,
} from './sentence';
import type { Scoring } from './scoring';
import { spellsRowName, tabulateRows } from './row-table';
import { withTiedRows } from './table-rows';
import {
  ANSWER_KIND_BOOST,
  TYPED_BOOST,
  OTHER_PASSAGE_SHARE,
  RELEVANCE_FLOOR,
  COMPLETION_SHARE,
  FIGURE_BOOST,
  IMPLIED_SUBJECT,
  ITEM_LEAD_SHARE,
  NAMED_CELL_SHARE,
  ROW_NAME_SHARE,
  SAYS_HOW_BOOST,
  SPELLED_NAME_BOOST,
  TITLE_SHARE,
} from './weights';

// A question about a document as a whole rather than about a fact in it.
const OVERVIEW =
  /^\s*(?:summari[sz]e|(?:give me )?an? (?:overview|summary) of)\b|\b(?:say|says|cover|covers|contain|contains|about)\s*[?.!]*\s*$/i;

/** The answer from these sentences and the score of its first pick; none when no sentence answers well enough. */
export function select(
  sentences: Sentence[],
  {
    question,
    weights,
    context,
    idf,
    questionWeight,
    kinds,
    typed,
    asksAmount = false,
    asksEntity = false,
    relevance = [],
    readsLead,
    shortItems,
    spellsName,
    saysHow,
    showsCode,
    introducesCode,
    names = new Set(),
    kindsNamed = new Map(),
    defined,
    follows,
    inSource,
    leadSaid,
    limits = { sentences: MAX_SENTENCES, words: MAX_WORDS },
  }: Scoring,
): { text: string; first: number } | undefined {
  // Greedy coverage: each pick is the sentence adding the most question weight not
  // yet covered, so a two-part question gets a sentence for each part.
  const covered = new Set<string>();
  // `score`: how well a sentence answers, by the question's words it says; the thresholds use it.
  // `order`: the same, raised for a sentence holding what the question asks for, picks among them.
  // (asked for code, a sentence leading into an example holds it)
  const holdsKind = (s: Sentence) =>
    typed?.(s) ||
    kinds.some((holds) => holds.test(s.text) || holds.test(plain(s.text))) ||
    introducesCode.has(s) ||
    definesRow(s) ||
    namesRow(s) ||
    describesHeading(s);
  const namesRow = spellsRowName(question);
  // A row's first cell names its subject and the others say what it is or does: the row of that
  // name defines it ("setting: `EMBEDDING_MODEL`; default: `local`; meaning: …").
  const definesRow = (s: Sentence) =>
    !!defined?.size &&
    !!s.keyTerms &&
    s.keyTerms.size === defined.size &&
    [...defined].every((t) => s.keyTerms!.has(t));
  // Under a heading naming it, a reference says what a function does without naming it again:
  // "Creates a structure of type `source_name`." (as doc comments do).
  const describesHeading = (s: Sentence) =>
    !!defined?.size &&
    !s.continues &&
    IMPLIED_SUBJECT.test(s.text) &&
    [...defined].every((t) => s.headingTerms?.has(t));
  // The next sentence of its paragraph completes a sentence that says what the question is about
  // but not what it asks for (see below). When that next sentence says little of the question on its
  // own, the two are the answer, and count as holding what it asks: "Tool results can be multi-part,
  // e.g. a text and an image. You can use `output: { type: 'content' }` to…". Else it is the answer alone.
  const completions = new Map<Sentence, Sentence>();
  const answeredWithNext = new Set<Sentence>();
  // (by the question's own words: an earlier question's subject is context, not what is asked)
  const hasTerm = (s: Sentence, t: string) =>
    s.terms.has(t) || (kindsNamed.get(t)?.some((named) => codeTermsOf(s).has(named)) ?? false);
  // How much of the question (its own terms, not its context's) a sentence says, of the terms `counted`.
  const says = (s: Sentence, counted: (t: string) => boolean = () => true) =>
    [...weights].reduce(
      (sum, [t, w]) => sum + (hasTerm(s, t) && !context.has(t) && counted(t) ? w * (idf.get(t) ?? 0) : 0),
      0,
    );
  if (kinds.length > 0 || typed || introducesCode.size > 0) {
    sentences.forEach((s, i) => {
      const next = sentences[i + 1];
      if (s.item || !next || !completes(s, next) || holdsKind(s) || !holdsKind(next)) return;
      completions.set(s, next);
      if (says(next) < COMPLETION_SHARE * says(s)) answeredWithNext.add(s);
    });
  }
  const termsOfText = new Map<string, Set<string>>();
  const termsOf = (text: string) =>
    termsOfText.get(text) ?? termsOfText.set(text, new Set(contentTerms(clean(text)))).get(text)!;
  // (a header the question names with another of its terms than the value's)
  const namesHeader = (header: string, term: string) =>
    [...termsOf(header)].some((t) => t !== term && weights.has(t) && !context.has(t));
  const inNamedCell = (s: Sentence, term: string) =>
    !!s.fields?.some(([header, cell]) => termsOf(cell).has(term) && namesHeader(header, term));
  const gain = (s: Sentence) => {
    const holds = holdsKind(s) || answeredWithNext.has(s);
    // (a row has a value for what its column is named: "how much storage…" is the `storage` cell)
    const inColumn = (t: string) => !!s.fields?.some(([header, cell]) => cell.trim() && termsOf(header).has(t));
    const inContext =
      context.size === 0 ||
      holds ||
      [...weights.keys()].some((t) => !context.has(t) && (s.terms.has(t) || inColumn(t)));
    const lead = readsLead.has(s) ? s.lead : undefined;
    const leadShare = s.item ? ITEM_LEAD_SHARE : 1;
    // (its heading is the subject it leaves unsaid)
    const implied = describesHeading(s);
    let value = 0;
    for (const [term, weight] of weights) {
      if (!inContext && context.has(term)) continue;
      const fromLead = lead?.terms.has(term) && !covered.has(term) ? leadShare : 0;
      const fromTitle =
        s.titleTerms.has(term) || inColumn(term) ? (implied && defined!.has(term) ? 1 : TITLE_SHARE) : 0;
      const said = hasTerm(s, term)
        ? s.keyTerms?.has(term)
          ? ROW_NAME_SHARE
          : inNamedCell(s, term)
            ? NAMED_CELL_SHARE
            : 1
        : Math.max(fromLead, fromTitle);
      // (a follow-up's "it" is the row its earlier question named: "how much storage does it come with?")
      const resolved = context.has(term) && s.keyTerms?.has(term) ? 2 : 1;
      if (said) value += said * resolved * weight * (idf.get(term) ?? 0) * (covered.has(term) ? 0.25 : 1);
    }
    // Long sentences dilute the answer; very short ones are usually headings or fragments. A
    // table row named for what is asked is about it however long its description runs.
    // (a heading that shows its code, "Installation:", is no fragment: the code says the rest)
    const named = s.keyTerms !== undefined && [...weights.keys()].some((t) => !context.has(t) && s.keyTerms!.has(t));
    const length = named ? Math.min(shownWords(s), 40) : s.codeHeading ? Math.max(shownWords(s), 6) : shownWords(s);
    const shape = length > 40 ? Math.sqrt(40 / length) : length < 6 ? length / 6 : 1;
    const score = value * shape - s.rank * 0.01 - s.position * 0.001;
    const how = saysHow.has(s) ? (leadsIntoExample(s) ? 2 : 1) : 0;
    const figure = asksAmount && /\d/.test(s.text) ? FIGURE_BOOST - 1 : 0;
    const boost =
      (holds ? ANSWER_KIND_BOOST - 1 : 0) +
      (typed?.(s) ? TYPED_BOOST - 1 : 0) +
      figure +
      (spellsName.has(s) ? SPELLED_NAME_BOOST - 1 : 0) +
      how * (SAYS_HOW_BOOST - 1);
    // (of two sentences saying as much, the one of the passage search matched better)
    const order = (score + boost * value * shape) * Math.min(1, (relevance[s.rank] ?? 1) / RELEVANCE_FLOOR);
    return { score, order: s.pointer ? order * POINTER_SHARE : order };
  };
  const adds = (s: Sentence) => says(s, (t) => !covered.has(t));
  const chosen: Candidate[] = [];
  const asked = [...weights.keys()].filter((t) => !context.has(t));
  // A heading shown for its code ("Installation:") says nothing without it: only a question asking
  // how or for code gets it, as its answer's first pick, which shows its code.
  const remaining = sentences.filter((s) => showsCode || !s.codeHeading);
  let first = 0;
  let firstOrder = 0;
  let [firstTyped, firstOwn] = [false, false];
  let words = 0;
  while (chosen.length < limits.sentences && remaining.length > 0) {
    let [bestIndex, best] = [-1, { score: -Infinity, order: -Infinity }];
    // (the first pick answers by the question's words: what it holds only ranks those that do)
    const floor = chosen.length === 0 ? Math.max(0.25 * questionWeight, 0.3) : -Infinity;
    remaining.forEach((s, i) => {
      const g = gain(s);
      if (g.score >= floor && g.order > best.order) [bestIndex, best] = [i, g];
    });
    if (bestIndex < 0) return undefined;
    const pick = remaining.splice(bestIndex, 1)[0]!;
    if (chosen.length === 0) {
      // Whether anything answers at all is a matter of the question's words alone.
      if (best.score < Math.max(0.25 * questionWeight, 0.3)) return undefined;
      [first, firstOrder] = [best.score, best.order];
      firstTyped = !!typed?.(pick);
      firstOwn = asked.some((t) => hasTerm(pick, t) || !!pick.fields?.some(([h, c]) => c.trim() && termsOf(h).has(t)));
    } else if (best.score < 0.2 * questionWeight || best.order < 0.25 * firstOrder) break;
    const length = shownWords(pick);
    if (chosen.length > 0 && (words + length > limits.words || pick.pointer || pick.codeHeading)) continue;
    // One more sentence only from the answer's own passage, and only when the answer lacks what
    // the question asks for and this one holds it: not another document's sentence sharing a word.
    // (another passage's only when it says a good part of the question the answer has not: "What do
    // generateText and streamText return?" is answered by a sentence for each)
    const namesMore = [...names].some((name) => !covered.has(name) && pick.terms.has(name));
    if (
      chosen.length > 0 &&
      pick.rank !== chosen[0]!.rank &&
      !namesMore &&
      adds(pick) < OTHER_PASSAGE_SHARE * questionWeight
    )
      continue;
    // Asked for a date, an amount, a name or a place, one sentence holding one is the answer: a second only when the
    // first holds none and it does, or the first says none of the question's own words (only a follow-up's subject).
    if (chosen.length > 0 && asksEntity && firstOwn && (firstTyped || !typed?.(pick))) continue;
    // "What does `generateText` return?": a later sentence says what it returns of it, not of a
    // "generation" that happens to share its words.
    if (
      chosen.length > 0 &&
      names.size > 0 &&
      ![...pick.terms, ...pick.titleTerms, ...(pick.lead?.terms ?? [])].some((t) => names.has(t))
    )
      continue;
    if (chosen.some((o) => o.text === pick.text)) continue;
    // A later table row says more than one of the question's words: "What is the default upload size
    // limit?" is not answered by `POOL_SIZE` too, which shares only "size" with it.
    if (chosen.length > 0 && pick.keyTerms && asked.length > 1 && asked.filter((t) => hasTerm(pick, t)).length < 2)
      continue;
    const lead = pick.lead && { position: pick.lead.position, text: pick.lead.text };
    chosen.push({
      n: pick.n,
      rank: pick.rank,
      position: pick.position,
      text: pick.text,
      score: best.score,
      item: pick.item,
      lead,
    });
    for (const t of [...pick.terms, ...(pick.lead?.terms ?? []), ...pick.titleTerms]) covered.add(t);
    for (const kind of kindsNamed.keys()) if (hasTerm(pick, kind)) covered.add(kind);
    words += length;
  }
  const top = chosen[0];
  let unshownRows = 0;
  const firstPick = top && sentences.find((s) => s.rank === top.rank && s.position === top.position);
  if (top && firstPick?.column)
    ({ words, unshownRows } = withTiedRows({
      chosen,
      sentences,
      firstPick,
      asked,
      hasTerm,
      termsOf,
      namesHeader,
      words,
      limits,
    }));
  // The best sentence says what the question is about but not what it asks for ("They aren't
  // always necessary."), and the next sentence of its paragraph does ("If you can use a smaller,
  // faster model, …"): that one completes the answer.
  const next = firstPick && completions.get(firstPick);
  if (
    next &&
    !chosen.some((c) => c.rank === next.rank && c.position === next.position) &&
    words + shownWords(next) <= limits.words
  ) {
    chosen.push({ n: next.n, rank: next.rank, position: next.position, text: next.text, score: 0, item: false });
    words += shownWords(next);
  }
  // "What does the handbook say?" asks for an overview: the passage's next sentences, in order.
  const lead = chosen[0];
  if (lead && chosen.length === 1 && OVERVIEW.test(question)) {
    for (const s of sentences) {
      if (chosen.length >= OVERVIEW_SENTENCES || s.rank !== lead.rank || s.position <= lead.position) continue;
      if ((words += s.text.split(' ').length) > MAX_WORDS) break;
      chosen.push({ n: s.n, rank: s.rank, position: s.position, text: s.text, score: 0, item: s.item });
    }
  }
  withLists(chosen, [...sentences, ...shortItems], words, follows);
  if (showsCode) withCodeExample(chosen, sentences);
  if (chosen.length === 0) return undefined;
  tabulateRows(chosen, sentences, asked, inSource);
  // (a list of rows, in their table's order, though its passages were found in another)
  const rowList = chosen.filter((o) => o.row).length >= TIED_ROWS_LISTED;
  // (the answering sentence before what surrounds it in its passage, unless it is one of a list; the
  // parts of an answer from two passages in retrieval order: it ranks them better than their words do)
  const answer = chosen[0]!;
  const alone = !answer.item && !answer.row && !answer.code && chosen.every((c) => c.rank === answer.rank);
  const place = (c: Candidate) =>
    rowList ? (inSource?.get(c.rank) ?? c.rank) : !alone ? c.rank : c === answer ? -2 : -1;
  chosen.sort((a, b) => place(a) - place(b) || a.rank - b.rank || a.position - b.position);
  // (rows left out are counted, so that a list of some is not read as all of them)
  const more =
    unshownRows > 0 ? `\n\n${unshownRows} more ${unshownRows === 1 ? 'row says' : 'rows say'} the same.` : '';
  return { text: render(chosen, leadSaid) + more, first };
}
