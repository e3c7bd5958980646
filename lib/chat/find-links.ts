import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { normaliseUrl } from './normalise-url';

/** How a link is written: each is disarmed its own way (see LinkGuard). */
export type LinkKind = 'inline' | 'autolink' | 'literal' | 'reference' | 'definition' | 'image';

export interface FoundLink {
  kind: LinkKind;
  /** The address as the parser decoded it (entities, escapes); a reference's is its definition's. */
  url: string | undefined;
  /** The link's source in the text: [start, end). */
  start: number;
  end: number;
  /** A link's words in the source (an inline or reference link's label). */
  label: string;
}

/**
 * The text parsed as the chat renders it (react-markdown with remark-gfm: micromark, GFM autolink
 * literals included). Every link, reference, definition and image it finds, however it is spelled.
 */
export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

export function findLinks(text: string, tree: Root = parseMarkdown(text)): FoundLink[] {
  const definitions = new Map<string, string>();
  const found: FoundLink[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  const collect = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) {
      const label = labelOf(text, node);
      if (node.type === 'link') {
        const open = text[start];
        const kind = open === '[' ? 'inline' : open === '<' ? 'autolink' : 'literal';
        found.push({ kind, url: node.url, start, end, label });
      } else if (node.type === 'linkReference' || node.type === 'imageReference') {
        found.push({
          kind: node.type === 'linkReference' ? 'reference' : 'image',
          url: definitions.get(node.identifier),
          start,
          end,
          label,
        });
      } else if (node.type === 'definition') {
        found.push({ kind: 'definition', url: node.url, start, end, label });
      } else if (node.type === 'image') {
        found.push({ kind: 'image', url: node.url, start, end, label });
      }
    }
    if ('children' in node) for (const child of node.children) collect(child);
  };
  collect(tree);
  return found;
}

function labelOf(text: string, node: Nodes): string {
  if (node.type === 'definition') return node.label ?? node.identifier;
  if (!('children' in node) || !node.children.length) return '';
  const from = node.children[0]!.position?.start.offset;
  const to = node.children.at(-1)!.position?.end.offset;
  return from !== undefined && to !== undefined ? text.slice(from, to) : '';
}

const SPELLED = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'")\]}*_~]+$/;

/**
 * Every address a text holds, normalised: its links as the parser reads them, and each
 * `http(s)://` address written out, with and without the punctuation that may end its sentence.
 */
export function addressesIn(text: string): Set<string> {
  const out = new Set<string>();
  const add = (url: string | undefined) => {
    const normal = url === undefined ? undefined : normaliseUrl(url);
    if (normal) out.add(normal);
  };
  for (const link of findLinks(text)) add(link.url);
  for (const [spelled] of text.matchAll(SPELLED)) {
    add(spelled);
    add(spelled.replace(TRAILING, ''));
    add(spelled.replace(/[)\]>].*$/, '').replace(TRAILING, ''));
  }
  return out;
}
