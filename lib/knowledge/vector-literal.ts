/**
 * pgvector's text form of an embedding. pgvector stores single-precision floats,
 * so nine significant digits keep every value exact (they round-trip float32)
 * while the literal is about half as long as JavaScript's 17-digit doubles:
 * parsing these literals is a measurable part of ingestion on PGlite.
 */
export function vectorLiteral(values: readonly number[]): string {
  return `[${values.map((x) => (x === 0 ? '0' : Number(Math.fround(x).toPrecision(9)))).join(',')}]`;
}
