/** What a file name adds to a document's title: its type, no word of it. */
const FILE_EXTENSION = /\.(?:md|mdx|markdown|txt|html?|pdf|docx|csv|jsonl?)$/i;

/** A document's title as its words say it, without a file name's extension (`debian.csv`: `debian`). */
export function bareTitle(title: string): string {
  return title.replace(FILE_EXTENSION, '');
}
