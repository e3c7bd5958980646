import { createHash } from 'node:crypto';
import { frontMatterTitle, readFrontMatter } from '../formats';
import { clipText } from '@/lib/clip-text';

/** A source as a request describes it, before it is stored. */
export interface NewSource {
  kind: 'file' | 'text' | 'url';
  title: string;
  mediaType: string;
  /** The raw bytes (file, text); empty for a URL, which the worker fetches, unless a crawl fetched it. */
  data: Uint8Array;
  uri?: string;
  filename?: string;
  metadata: Record<string, unknown>;
  /** The crawl that fetched this page (its bytes are `data`): deleting the crawl deletes it. */
  crawlId?: string;
}

/**
 * The identity used to spot a repeated upload. For text and files it is the
 * content itself (text with normalised line ends and edges), for URLs the URL, and for a page a
 * crawl fetched its content: the same page under two URLs is stored once.
 */
export function contentHashOf(source: NewSource): string {
  const h = createHash('sha256');
  if (source.kind === 'url' && source.data.byteLength === 0) h.update(`url\0${source.uri}`);
  else if (source.kind === 'text' || source.mediaType.startsWith('text/')) {
    h.update(`text\0${new TextDecoder().decode(source.data).replace(/\r\n?/g, '\n').trim()}`);
  } else h.update(`bytes\0`).update(source.data);
  return h.digest('hex');
}

/** A title for a source that was given none: the file name, URL, or the text's front-matter title or first line. */
export function defaultTitle(opts: { filename?: string; uri?: string; text?: string }): string {
  const base =
    opts.filename?.replace(/^.*[\\/]/, '') ||
    opts.uri ||
    (opts.text !== undefined && titleOfText(opts.text)) ||
    'Untitled';
  return clipText(base.replaceAll('\u0000', ''), 200) || 'Untitled';
}

function titleOfText(raw: string): string | undefined {
  const text = raw.replace(/\r\n?/g, '\n');
  const fm = readFrontMatter(text);
  return (
    (fm && frontMatterTitle(fm)) ||
    text
      .slice(fm?.end ?? 0)
      .trim()
      .split('\n')[0]
      ?.replace(/^#+\s*/, '')
  );
}
