import { describe, expect, it } from 'vitest';
import { vectorLiteral } from '@/lib/knowledge/vector-literal';

describe('vectorLiteral', () => {
  it('keeps every value exact at single precision, in fewer characters', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
    const values = Array.from({ length: 5000 }, (_, i) => (i % 50 === 0 ? 0 : random() * 10 ** -(i % 9)));
    const literal = vectorLiteral(values);
    const parsed = literal.slice(1, -1).split(',').map(Number);
    expect(parsed.map(Math.fround)).toEqual(values.map(Math.fround));
    expect(literal.length).toBeLessThan(`[${values.join(',')}]`.length * 0.7);
  });
});
