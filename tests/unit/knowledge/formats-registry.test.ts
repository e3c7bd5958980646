import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KnowledgeUploader } from '@/components/admin/knowledge-uploader';
import { bareTitle } from '@/lib/bare-title';
import { ApiError } from '@/lib/http/api-error';
import {
  ACCEPTED_TYPES,
  catalogOf,
  detectMediaType,
  detectorOf,
  FORMATS,
  type FormatDescriptor,
  PARSERS,
} from '@/lib/knowledge/formats';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';

const enc = (s: string) => new TextEncoder().encode(s);
const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return (e as ApiError).message;
  }
  throw new Error('not refused');
};

/** A format the service does not have, registered beside the real ones. */
const rtf = {
  name: 'rtf',
  label: 'RTF',
  mediaType: 'application/rtf',
  extensions: ['rtf'],
  magic: { bytes: '{\\rtf', noun: 'an RTF document' },
  heavy: false,
} satisfies FormatDescriptor;

describe('the formats registry', () => {
  it('gives every format a parser, one media type and extensions of its own', () => {
    expect(Object.keys(PARSERS).sort()).toEqual(FORMATS.map((f) => f.name).sort());
    const extensions = FORMATS.flatMap((f) => f.extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
    expect(new Set(FORMATS.map((f) => f.mediaType)).size).toBe(FORMATS.length);
  });

  it('drives the upload form’s accept list, the 415 message and the titles', () => {
    const form = renderToStaticMarkup(createElement(KnowledgeUploader));
    const accept = /<input[^>]*type="file"[^>]*accept="([^"]*)"|<input[^>]*accept="([^"]*)"[^>]*type="file"/.exec(form);
    const accepted = (accept?.[1] ?? accept?.[2] ?? '').split(',');
    const message = refusal(() => detectMediaType(enc('MZ'), 'setup.exe'));
    for (const format of FORMATS) {
      for (const ext of format.extensions) {
        expect(accepted).toContain(`.${ext}`);
        expect(bareTitle(`Handbook.${ext.toUpperCase()}`)).toBe('Handbook');
      }
      expect(message).toContain(`.${format.extensions[0]}`);
    }
    expect(message).toContain(`Accepted types: ${ACCEPTED_TYPES}.`);
  });

  it('drives the OpenAPI document’s media types', () => {
    const doc = JSON.stringify(buildOpenApiDocument());
    const stored = FORMATS.filter((f) => !('expands' in f && f.expands)).map((f) => f.mediaType);
    expect(doc).toContain(JSON.stringify(stored).slice(1, -1));
    expect(doc).toContain(ACCEPTED_TYPES);
  });

  it('takes a new format into every list and into detection', () => {
    const formats = [...FORMATS, rtf];
    const catalog = catalogOf(formats);
    expect(catalog.accept.split(',')).toContain('.rtf');
    expect(catalog.acceptedTypes).toMatch(/, \.rtf$/);
    expect(catalog.storedMediaTypes).toContain('application/rtf');
    expect('Minutes.rtf'.replace(catalog.fileExtension, '')).toBe('Minutes');
    const { detectMediaType: detect } = detectorOf(formats);
    expect(detect(enc('{\\rtf1 Hello}'), 'minutes.rtf')).toBe('application/rtf');
    expect(detect(enc('{\\rtf1 Hello}'), undefined)).toBe('application/rtf');
    expect(refusal(() => detect(enc('{\\rtf1 Hello}'), 'minutes.txt'))).toMatch(
      /^The file is an RTF document but is named \.txt\. Accepted types: .*\.rtf\.$/,
    );
    expect(refusal(() => detect(new Uint8Array([0xff, 0xfe, 0xfd]), 'a.md'))).toMatch(
      /^The file is neither a PDF, a Word document, a PNG image, a JPEG image, a TIFF image, an RTF document nor UTF-8 text\./,
    );
    // Without it, the same file is refused.
    expect(refusal(() => detectMediaType(enc('{\\rtf1 Hello}'), 'minutes.rtf'))).toMatch(
      /^\.rtf files are not accepted\./,
    );
  });

  it('matches the formats table in docs/configuration.md, row for row', () => {
    const docs = readFileSync('docs/configuration.md', 'utf8');
    const table = docs.slice(docs.indexOf('| type | files |')).split('\n\n')[0]!.split('\n').slice(2);
    const rows = table.map((row) =>
      row
        .split(' | ')
        .slice(0, 2)
        .map((cell) => cell.replace(/^\| /, '')),
    );
    const expected = FORMATS.map((f) => [
      f.label,
      `${f.extensions.map((e) => `\`.${e}\``).join(', ')} (\`${f.mediaType}\`)`,
    ]);
    expect(rows.sort()).toEqual(expected.sort());
  });

  it('keeps the catalog the browser imports free of parsers and of Node', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [, specifier] of source.matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gm)) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\.?\//);
        visit(path.join(path.dirname(file), `${specifier}.ts`));
      }
    };
    visit('lib/knowledge/formats/catalog.ts');
    expect(seen.size).toBeGreaterThan(FORMATS.length);
    expect([...seen].filter((file) => /parse|pool/.test(file))).toEqual([]);
  });
});
