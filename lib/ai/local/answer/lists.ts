// Lists: an item picked shows its list, and "another?" the list's other items.
import { MAX_WORDS } from './limits';
import { render } from './render';
import type { Candidate, Sentence } from './sentence';

/**
 * The other items of a list one of whose items the reply above gave ("Is there another way to
 * stop it?" after `isStepCount(count)`, one of three stop conditions): a list sets its items side
 * by side, so its others are the other ways, with the sentence introducing them. Only a list
 * that says each of the words the question `asks` besides "another": "Is there another
 * provider for images?" may be about something the list is not.
 */
export function otherItems(
  sentences: Sentence[],
  justSaid: (s: Sentence) => boolean,
  wasSaid: (s: Sentence) => boolean,
  asks: string[],
): string | undefined {
  for (const said of sentences) {
    if (!said.item || !justSaid(said)) continue;
    // The list: the run of items (each with its further sentences) around it in its passage,
    // through gaps of a sentence too short to be kept.
    const passage = sentences.filter((s) => s.rank === said.rank);
    const inList = (i: number, j: number) =>
      (passage[i]!.item || passage[i]!.ofItem) && Math.abs(passage[i]!.position - passage[j]!.position) <= 2;
    let from = passage.indexOf(said);
    let to = from;
    while (from > 0 && inList(from - 1, from)) from--;
    while (to < passage.length - 1 && inList(to + 1, to)) to++;
    const list = passage.slice(from, to + 1);
    if (list[0]!.ofItem) continue; // the run starts inside an item: not a list this can read
    const intro = said.lead && !said.lead.item ? said.lead : undefined;
    const words = new Set([...list, ...(intro ? [intro] : [])].flatMap((s) => [...s.terms]));
    if (asks.some((t) => !words.has(t))) continue;
    const chosen: Candidate[] = [];
    let item: Candidate | undefined; // the item under way, unless it was said
    for (const s of list) {
      if (s.ofItem) {
        if (item) [item.text, item.end] = [`${item.text} ${s.text}`, s.position];
        continue;
      }
      item = wasSaid(s)
        ? undefined
        : { n: s.n, rank: s.rank, position: s.position, text: s.text, score: 0, item: true };
      if (item) chosen.push(item);
    }
    if (chosen.length === 0) continue;
    if (intro) chosen.unshift({ n: intro.n, rank: intro.rank, position: intro.position, text: intro.text, score: 0 });
    // One list still, across the items left out: each runs on to the next.
    chosen.forEach((c, i) => i + 1 < chosen.length && (c.end = chosen[i + 1]!.position - 1));
    return render(chosen);
  }
  return undefined;
}

/**
 * A sentence that introduces a list ("several built-in conditions:") brings the list with it,
 * each item whole, short ones and nested lists included, while the answer (`words` long so far)
 * has words to spare. One that ends its passage is read where the passage goes on (`follows`),
 * which starts by repeating it, as the chunks of a source overlap.
 */
export function withLists(
  chosen: Candidate[],
  sentences: Sentence[],
  words: number,
  follows = new Map<number, number>(),
): void {
  for (const intro of [...chosen]) {
    if (!intro.text.endsWith(':')) continue;
    const endsPassage = !sentences.some((s) => s.rank === intro.rank && s.position > intro.position);
    const copy = endsPassage
      ? sentences.find((s) => follows.get(s.rank) === intro.rank && s.text === intro.text)
      : undefined;
    if (copy) [intro.n, intro.rank, intro.position] = [copy.n, copy.rank, copy.position];
    let at = intro.position;
    let last: Candidate | undefined;
    const passage = sentences
      .filter((s) => s.rank === intro.rank && s.position > at)
      .sort((a, b) => a.position - b.position);
    for (const s of passage) {
      // The list goes on past a part of an item too short to be a sentence of its own.
      const goesOnItem = s.ofItem && last && s.position === at + 1 ? last : undefined;
      if (
        !(s.item || goesOnItem) ||
        s.position > at + 2 ||
        chosen.some((c) => c.rank === s.rank && c.position === s.position)
      )
        break;
      if ((words += s.text.split(' ').length) > MAX_WORDS) break;
      if (goesOnItem) [goesOnItem.text, goesOnItem.end] = [`${goesOnItem.text} ${s.text}`, s.position];
      else
        chosen.push(
          (last = { n: s.n, rank: s.rank, position: s.position, text: s.text, score: 0, item: true, depth: s.depth }),
        );
      at = s.position;
    }
  }
}
