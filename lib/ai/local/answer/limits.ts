// How much an answer shows.
/** The answering sentence and at most one more (a list, code or table rows it brings come on top). */
export const MAX_SENTENCES = 2;
/**
 * Rows of a table answering a question alike ("Which Ubuntu releases are LTS?") are shown up to
 * this many, in this many words as shown (focusedRow), as a list from TIED_ROWS_LISTED on.
 */
export const MAX_TIED_ROWS = 12;
export const MAX_ROW_WORDS = 160;
export const TIED_ROWS_LISTED = 3;
export const MAX_WORDS = 120;
export const OVERVIEW_SENTENCES = 3;
