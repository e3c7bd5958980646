// What `select` weighs sentences by, for a question: its terms, the kinds of thing it asks for, and more.
import type { Sentence } from './sentence';

export interface Scoring {
  question: string;
  weights: Map<string, number>;
  context: Set<string>;
  idf: Map<string, number>;
  questionWeight: number;
  kinds: RegExp[];
  /** The sentence holds the kind of answer the question asks for, by its parts of speech and entities (see `askedFor`). */
  typed?: (s: Sentence) => boolean;
  /** Whether it asks for a thing a sentence holds or not (a date, an amount, a name, a place), not a reason or yes/no. */
  asksEntity?: boolean;
  /** The question asks for an amount or a duration: a sentence with a figure counts more. */
  asksAmount?: boolean;
  /** Each passage's search relevance against the best found (see `PromptSource.relevance`), by rank. */
  relevance?: number[];
  /** The sentences whose lead's words count as their own, while no pick has said them. */
  readsLead: Set<Sentence>;
  /** List items too short to answer on their own, shown in their list. */
  shortItems: Sentence[];
  spellsName: Set<Sentence>;
  saysHow: Set<Sentence>;
  /** The question asks how to do something, or for code: a pick's code example comes with it. */
  showsCode: boolean;
  /** Asked for code: the sentences whose paragraph leads into an example hold what it asks for. */
  introducesCode: Set<Sentence>;
  /** Names in code the question asks about (`generateText`): a sentence after the first says one of them. */
  names?: Set<string>;
  /** The question's kind nouns after a name ("the `sync` command"), each with the name's terms: see `namedKinds`. */
  kindsNamed?: Map<string, string[]>;
  /** The terms of what the question asks to be defined ("What does `EMBEDDING_MODEL` do?"): a table row naming just that says it. */
  defined?: Set<string>;
  /** For each passage that continues another of its source, that one's rank: a list cut from its introduction goes on there. */
  follows?: Map<number, number>;
  /** Each passage's place in its source: see `sourceOrder`. */
  inSource?: Map<number, number>;
  /** How many sentences and words the answer may have. */
  limits?: { sentences: number; words: number };
  /** A lead said already (by the answer to an earlier question of the message) is not shown again. */
  leadSaid?: (lead: { text: string }) => boolean;
}
