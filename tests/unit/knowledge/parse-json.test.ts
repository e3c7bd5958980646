import { describe, expect, it } from 'vitest';
import { parseJson } from '@/lib/knowledge/parsers/parse-tabular';

const nest = (levels: number, leaf: unknown): unknown => (levels === 0 ? leaf : { a: nest(levels - 1, leaf) });

describe('JSON files as text', () => {
  it('writes one path: value line per leaf', () => {
    expect(parseJson(JSON.stringify({ product: { name: 'Widget', tags: ['x', 'y'] } })).text).toBe('product.name: Widget\nproduct.tags.0: x\nproduct.tags.1: y');
  });

  it('keeps values nested deeper than it walks, as compact JSON under their path, where it dropped them', () => {
    const { text } = parseJson(JSON.stringify({ title: 'Deep', deep: nest(80, 'kingfisher') }));
    expect(text).toContain('title: Deep');
    expect(text).toContain('kingfisher');
    expect(parseJson(JSON.stringify(nest(200, 'heron'))).text).toContain('"a":"heron"');
  });
});
