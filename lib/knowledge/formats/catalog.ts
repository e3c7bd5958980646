// The formats the service reads, in the order its messages list them, and every list derived
// from them: the upload form's `accept`, the 415 message, the API's media types, the extensions
// a title drops. Client-safe: descriptors only (the parsers are in parsers.ts, server-side).
// The second entry of lib/knowledge/formats, for the browser and for code that must not load parsers.
import { csv } from './csv';
import { docx } from './docx/docx';
import type { FormatDescriptor } from './format';
import { html } from './html/html';
import { jpeg } from './image/jpeg';
import { png } from './image/png';
import { tiff } from './image/tiff';
import { json } from './json';
import { jsonl } from './jsonl';
import { markdown } from './markdown/markdown';
import { mdx } from './mdx/mdx';
import { pdf } from './pdf/pdf';
import { text } from './text';

export type { BinarySignature, FormatDescriptor } from './format';

export const FORMATS = [text, markdown, mdx, html, pdf, docx, csv, json, jsonl, png, jpeg, tiff] as const;

export type FormatName = (typeof FORMATS)[number]['name'];

/** Each format's stored media type by its name: `MEDIA_TYPES.pdf` is `application/pdf`. */
export const MEDIA_TYPES = Object.fromEntries(FORMATS.map((f) => [f.name, f.mediaType])) as {
  [F in (typeof FORMATS)[number] as F['name']]: F['mediaType'];
};

/** The lists a set of formats gives (a catalog of other formats gives its own: see the tests). */
export function catalogOf(formats: readonly FormatDescriptor[]) {
  const extensions = formats.flatMap((f) => f.extensions);
  return {
    /** The upload form's `accept` attribute: every extension. */
    accept: extensions.map((e) => `.${e}`).join(','),
    /** What a 415 names: each format's first extension. */
    acceptedTypes: formats.map((f) => `.${f.extensions[0]}`).join(', '),
    /** The media types a source can be stored with (a JSON Lines file becomes other sources). */
    storedMediaTypes: formats.filter((f) => !f.expands).map((f) => f.mediaType),
    /** A file name's extension, which a document's title leaves out (`debian.csv`: `debian`). */
    fileExtension: new RegExp(`\\.(?:${extensions.map((e) => e.replace(/\W/g, '\\$&')).join('|')})$`, 'i'),
    formatOfExtension: (ext: string) => formats.find((f) => f.extensions.includes(ext.toLowerCase())),
    formatOfMediaType: (type: string) => formats.find((f) => f.mediaType === type),
  };
}

export const catalog = catalogOf(FORMATS);
export const { accept: ACCEPT, acceptedTypes: ACCEPTED_TYPES } = catalog;
export const formatOfMediaType = (type: string) => FORMATS.find((f) => f.mediaType === type);
