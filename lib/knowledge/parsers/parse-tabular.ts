import Papa from 'papaparse';
import { ExtractionError, type ExtractedDocument } from './extracted-document';

/** CSV as readable text: each row as `column: value` pairs, rows as paragraphs. */
export function parseCsv(text: string): ExtractedDocument {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  if (!header || rows.length === 0) {
    if (header?.some((c) => c.trim())) return { text: header.join(' | ') };
    throw new ExtractionError('The CSV file has no rows.');
  }
  const lines = rows.map((row) =>
    row
      .map((cell, i) => (cell.trim() ? `${header[i]?.trim() || `column ${i + 1}`}: ${cell.trim()}` : ''))
      .filter(Boolean)
      .join('; '),
  );
  return { text: lines.filter(Boolean).join('\n\n') };
}

/** JSON as readable text: one `path: value` line per leaf, top-level entries as paragraphs. */
export function parseJson(text: string): ExtractedDocument {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ExtractionError('The JSON file is not valid JSON.');
  }
  const lines: string[] = [];
  const walk = (v: unknown, path: string, depth: number) => {
    // Deeper than this, a branch is one line of compact JSON under its path: nothing is dropped.
    if (depth > 50 && v !== null && typeof v === 'object') {
      lines.push(`${path}: ${compact(v)}`);
      return;
    }
    if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) walk(child, path ? `${path}.${key}` : key, depth + 1);
      if (depth === 1) lines.push('');
    } else lines.push(path ? `${path}: ${String(v)}` : String(v));
  };
  walk(value, '', 0);
  const out = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  if (!out) throw new ExtractionError('The JSON file has no values.');
  return { text: out };
}

function compact(value: object): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '(nested too deeply to read)'; // JSON.stringify recurses: thousands of levels overflow it
  }
}
