/**
 * The longest title a source may have, in UTF-16 units as the schemas count characters. Real
 * titles run long (SciFact's longest paper title is 300 characters; a file name with its path
 * more), but the title-order index (`lower(title)`, a B-tree) holds a row of at most 2,704 bytes,
 * and a UTF-16 unit takes at most three bytes in UTF-8: 800 leave room for the row's overhead.
 * Conversation titles and key names keep MAX_TITLE_CHARS.
 */
export const MAX_SOURCE_TITLE_CHARS = 800;
