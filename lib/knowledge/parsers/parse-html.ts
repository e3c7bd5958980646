import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { ExtractionError, type ExtractedDocument } from './extracted-document';
import { htmlToText } from './html-to-text';

/**
 * Reduces a page to its main content (Readability, as Firefox's reader view) and
 * its title. Short pages where Readability finds no article keep their body.
 */
export function parseHtml(html: string): ExtractedDocument {
  const { document } = parseHTML(html);
  const title = document.querySelector('title')?.textContent?.trim() || undefined;
  let text = '';
  try {
    // linkedom's document is DOM-compatible enough for Readability; the types differ.
    const article = new Readability(document.cloneNode(true) as unknown as Document, { charThreshold: 200 }).parse();
    if (article?.content) {
      const { document: articleDoc } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
      text = htmlToText(articleDoc.body as never);
    }
  } catch {
    text = '';
  }
  if (text.trim().length < 200 && document.body) text = htmlToText(document.body as never);
  if (!text.trim()) throw new ExtractionError('The HTML page has no readable text.');
  return { title, text };
}
