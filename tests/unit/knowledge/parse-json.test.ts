import { describe, expect, it } from 'vitest';
import { parseJson } from '@/lib/knowledge/formats';

const nest = (levels: number, leaf: unknown): unknown => (levels === 0 ? leaf : { a: nest(levels - 1, leaf) });

const paragraphs = (text: string) => text.split(/\n{2,}/);

describe('JSON files as text', () => {
  it('writes a record as one paragraph of key: value pairs, under a heading naming the list it is in', () => {
    const catalog = {
      catalog: 'Outdoor',
      products: [
        { sku: 'TK-100', name: 'Trail Kettle', price: 39.9, materials: ['titanium'], size: { width: 12, height: 15 } },
        { sku: 'TK-200', name: 'Summit Stove', price: 89, materials: ['aluminium', 'steel'], inStock: false },
      ],
    };
    expect(paragraphs(parseJson(JSON.stringify(catalog)).text)).toEqual([
      'catalog: Outdoor',
      '# products',
      'sku: TK-100; name: Trail Kettle; price: 39.9; materials: titanium; size.width: 12; size.height: 15',
      'sku: TK-200; name: Summit Stove; price: 89; materials: aluminium, steel; inStock: false',
    ]);
  });

  it('heads a record that holds sections of its own by its name, so the next record is not read as part of them', () => {
    const regions = {
      regions: [
        { id: 'eu-west', nodes: [{ host: 'n1' }, { host: 'n2' }] },
        { zones: ['c'], nodes: [{ host: 'n3' }] },
      ],
    };
    expect(paragraphs(parseJson(JSON.stringify(regions)).text)).toEqual([
      '# regions',
      '## eu-west',
      'id: eu-west',
      '### nodes',
      'host: n1',
      'host: n2',
      '## regions 2',
      'zones: c',
      '### nodes',
      'host: n3',
    ]);
  });

  it('keeps a text value’s paragraphs under its record, none of its lines read as a heading or an open code fence', () => {
    const { text } = parseJson(
      JSON.stringify({ notes: 'First line.\n\n# Not a heading\n\n```js\nunclosed', later: [{ name: 'after' }] }),
    );
    const parts = paragraphs(text);
    expect(parts.slice(0, 3)).toEqual(['notes: First line.', '\\# Not a heading', '\\```js\nunclosed']);
    expect(parts.slice(3)).toEqual(['# later', 'name: after']);
  });

  it('reads a map of records as a record per key, headed by it, and leaves out empty texts as a CSV does its empty cells', () => {
    const schedule = {
      v18: { start: '2022-04-19', end: '2025-04-30', codename: 'Hydrogen' },
      v27: { start: '2027-04-22', codename: '' },
    };
    expect(paragraphs(parseJson(JSON.stringify(schedule)).text)).toEqual([
      '# v18',
      'start: 2022-04-19; end: 2025-04-30; codename: Hydrogen',
      '# v27',
      'start: 2027-04-22',
    ]);
    const locale = {
      lang: 'en',
      rules: {
        'image-alt': { help: 'Images must have alternative text' },
        label: { help: 'Form elements must have labels', tags: { wcag: 'A', note: '' } },
      },
    };
    expect(paragraphs(parseJson(JSON.stringify(locale)).text)).toEqual([
      'lang: en',
      '# rules',
      '## image-alt',
      'help: Images must have alternative text',
      '## label',
      'help: Form elements must have labels; tags.wcag: A',
    ]);
    // One object of values is still one record's dotted values.
    expect(parseJson(JSON.stringify({ db: { host: 'db1', port: 5432 } })).text).toBe('db.host: db1; db.port: 5432');
  });

  it('writes every value of a list of values, and says an empty object or list is empty', () => {
    expect(paragraphs(parseJson('["alpha", 2, null, true]').text)).toEqual(['alpha', '2', 'null', 'true']);
    expect(parseJson('{"tags": [], "extra": {}}').text).toBe('tags: []; extra: {}');
    expect(() => parseJson('{}')).toThrow(/no values/);
  });

  it('keeps values nested deeper than headings go, under their paths', () => {
    const { text } = parseJson(
      JSON.stringify({ title: 'Deep', deep: nest(80, { leaf: 'kingfisher', more: [{ x: 1 }] }) }),
    );
    expect(text).toContain('title: Deep');
    expect(text).toContain('kingfisher');
    expect(text).toMatch(/^(?:a\.)+a: \{"a":.*"leaf":"kingfisher","more":\[\{"x":1\}\]/m);
    expect(parseJson(JSON.stringify(nest(200, 'heron'))).text).toContain('"a":"heron"');
  });
});
