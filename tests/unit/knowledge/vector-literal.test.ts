import { describe, expect, it } from 'vitest';
import { vectorLiteral } from '@/lib/knowledge/index';

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5;
const parse = (literal: string) => literal.slice(1, -1).split(',').map(Number);
const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
};

describe('vectorLiteral', () => {
  it('sends whole numbers that float4 holds exactly, as a PostgreSQL array', () => {
    const values = Array.from({ length: 256 }, (_, i) => (i % 50 === 0 ? 0 : random() * 10 ** -(i % 9)));
    const literal = vectorLiteral(values);
    expect(literal).toMatch(/^\{-?\d+(,-?\d+)*\}$/);
    const ints = parse(literal);
    expect(ints).toHaveLength(256);
    expect(Math.max(...ints.map(Math.abs))).toBe(2 ** 23);
    for (const n of ints) expect(Math.fround(n)).toBe(n);
  });

  it('keeps the cosine between vectors, large or small, normalised or not', () => {
    for (const magnitude of [1e-6, 1, 1e4]) {
      const a = Array.from({ length: 1536 }, () => random() * magnitude);
      const b = a.map((x) => x + random() * magnitude * 0.3);
      expect(cosine(parse(vectorLiteral(a)), parse(vectorLiteral(b)))).toBeCloseTo(cosine(a, b), 6);
      expect(cosine(parse(vectorLiteral(a)), a)).toBeCloseTo(1, 9);
    }
  });

  it('leaves a vector without features at zero and refuses values that are not numbers', () => {
    expect(vectorLiteral([0, 0, 0])).toBe('{0,0,0}');
    expect(() => vectorLiteral([0.5, Number.NaN])).toThrow(RangeError);
    expect(() => vectorLiteral([0.5, Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});
