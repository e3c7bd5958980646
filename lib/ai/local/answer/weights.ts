// How much each thing a sentence holds counts, when sentences are scored.
/** What a question term found only in the title of a sentence's document counts, against one in the sentence. */
export const TITLE_SHARE = 0.5;
/**
 * What a word of a list's introduction counts in its items: almost as much as their own, so that
 * of two items the one that says the question's word itself answers it.
 */
export const ITEM_LEAD_SHARE = 0.9;

/** How little of the question a sentence's completion may say for the two to count as one answer: see `select`. */
export const COMPLETION_SHARE = 0.5;
/**
 * How much more a question's word counts in a table row's first cell, which names what the row is
 * about: "What is the default upload size limit?" is answered by the row of `MAX_UPLOAD_BYTES`
 * ("upload limit…"), not by one about another limit that mentions it.
 */
export const ROW_NAME_SHARE = 1.5;
/**
 * What a question term in a row counts when it is in the cell under a header the question also
 * names, against one anywhere else in it: "Which release came out in April 2020?" is answered by
 * a row released in 2020 (`release: 2020-04-23`), not by one whose end of life falls then.
 */
export const NAMED_CELL_SHARE = 1.5;
/** How much more a sentence holding what the question asks for counts. */
export const ANSWER_KIND_BOOST = 1.3;
/**
 * How much more again a sentence counts that holds the kind of answer the question asks for by its
 * parts of speech and entities (a date for "when", a number for "how many": see `askedFor`).
 */
export const TYPED_BOOST = 1.5;
/**
 * A passage search matched at least this well against the best one (its `relevance`) is as good
 * a place for the answer as the best; one matched worse counts in proportion: "When did the
 * Commercial Revolution end?" is not answered from a passage about communism that shares "end".
 */
export const RELEVANCE_FLOOR = 0.8;

/** A sentence that opens with what its (unsaid) subject does: "Creates a…", "Returns the…". */
export const IMPLIED_SUBJECT =
  /^\p{Lu}\p{Ll}+s\s+(?:an?|the|this|that|its|each|every|all|any|one|some|whether|how|what|true|false)\b/u;
/**
 * How much more again a sentence with a figure counts when the question asks for an amount: "How
 * much memory does the cache use?" is answered by "…stored in memory (defaults to 50mb)", not by
 * the sentence that says more of its words ("Next.js uses an in-memory cache…") and no amount.
 */
export const FIGURE_BOOST = 1.3;
/** How much more again a sentence naming what the question spells out counts: see `spellingNames`. */
export const SPELLED_NAME_BOOST = 1.3;
/**
 * How much more again a sentence saying how to do what the question asks counts: see `wayOf`. One
 * that also leads into the code doing it gets this twice: "Function tools are tools you define
 * yourself…" and its `tool({…})` answer "How do I define a tool?" better than "you should define
 * your own tools".
 */
export const SAYS_HOW_BOOST = 1.3;
/**
 * How much of the question (its weight) a sentence of another passage than the answer's must say
 * that the answer does not, to follow it: the other part of a two-part question, not a sentence of
 * another document that shares a word.
 */
export const OTHER_PASSAGE_SHARE = 0.2;
