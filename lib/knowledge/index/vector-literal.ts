/**
 * An embedding as a PostgreSQL integer array, for `${literal}::int4[]::float4[]::vector`
 * (see VECTOR_FROM_INTS). Parsing decimal floats is slow in embedded PGlite (its
 * strtof costs about a microsecond a digit: 1.1 ms per 256-float vector, several
 * seconds per SciFact ingestion), while integers parse twenty times faster.
 *
 * The values are scaled so that the largest magnitude becomes 2^23: every integer
 * up to 2^24 is exact in float4, and the rounding step (2^-23 of the largest value)
 * is float4's own precision at that value. Only the length of the stored vector
 * changes, and every comparison in this service is cosine, which ignores length.
 */
export function vectorLiteral(values: readonly number[]): string {
  let max = 0;
  for (const x of values) max = Math.max(max, Math.abs(x));
  if (!Number.isFinite(max)) throw new RangeError('An embedding has a value that is not a finite number.');
  const scale = max > 0 ? 2 ** 23 / max : 0;
  return `{${values.map((x) => Math.round(x * scale)).join(',')}}`;
}

/** The SQL cast from vectorLiteral's text to pgvector's type. */
export const VECTOR_FROM_INTS = '::int4[]::float4[]::vector';
