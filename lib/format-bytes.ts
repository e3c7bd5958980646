/** A size for people: "812 B", "1.5 KB", "25 MB" (units of 1,024; a whole number without its ".0"). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const [value, unit] =
    n < 1024 * 1024 ? [n / 1024, 'KB'] : n < 1024 ** 3 ? [n / 1024 ** 2, 'MB'] : [n / 1024 ** 3, 'GB'];
  return `${value.toFixed(1).replace(/\.0$/, '')} ${unit}`;
}
