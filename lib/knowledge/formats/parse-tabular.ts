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

/**
 * JSON as readable text, the way a CSV row reads: an object's values as one paragraph of
 * `key: value` pairs (`sku: TK-200; name: Summit Stove; price: 89`), a list of values as
 * `tags: x, y`, an object of values inside it by dotted key (`size.width: 3`). A key holding
 * more (a list of objects, an object of objects) heads a section of its own, one paragraph a
 * record, so a record's values stay together and its citation names the list it is in. A list's
 * records that hold sections of their own are headed by their name (or `products 2`), and the
 * records of a map, an object whose values are all records (`{"v18": {…}}`), by their keys.
 */
export function parseJson(text: string): ExtractedDocument {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ExtractionError('The JSON file is not valid JSON.');
  }
  const blocks: string[] = [];
  const section = (v: unknown, level: number, label: string) => {
    if (v === null || typeof v !== 'object') return void blocks.push(textBlock(scalar(v)));
    if (level > MAX_HEADING_LEVEL) {
      // No heading level is left for what lies deeper: its values under their paths, nothing dropped.
      return void blocks.push(paths(v, '').join('; '));
    }
    if (Array.isArray(v)) return list(v, level, label);
    if (isKeyedRecords(v)) {
      // A map of records (`{"v18": {…}, "v20": {…}}`): each is a record named by its key, under
      // a heading of that name, as a list's records holding sections are.
      for (const [key, child] of Object.entries(v)) headed(key, child, level);
      return;
    }
    // Under the object's heading come its values, then its texts, then the sections it holds.
    const pairs: string[] = [];
    const texts: string[] = [];
    const sections: [string, unknown][] = [];
    for (const [key, child] of Object.entries(v)) {
      const inline = inlinePairs(key, child);
      if (typeof child === 'string' && child.includes('\n'))
        texts.push(textBlock(`${key}: ${child}`)); // paragraphs of its own
      else if (inline) pairs.push(...inline);
      else sections.push([key, child]);
    }
    blocks.push(pairs.join('; '), ...texts);
    for (const [key, child] of sections) headed(key, child, level);
  };
  /** A value under a heading of its key. */
  const headed = (key: string, v: unknown, level: number) => {
    blocks.push(`${'#'.repeat(level)} ${oneLine(key) || '(no name)'}`);
    section(v, level + 1, key);
  };
  const list = (items: unknown[], level: number, label: string) => {
    if (items.every(isValue)) {
      for (const item of items) blocks.push(textBlock(scalar(item)));
      return;
    }
    // A record holding sections of its own is headed, or its first section would seem to hold the records after it.
    const headed = items.some(
      (item) => Array.isArray(item) || (isObject(item) && Object.entries(item).some(([k, c]) => !inlinePairs(k, c))),
    );
    items.forEach((item, i) => {
      if (headed) blocks.push(`${'#'.repeat(level)} ${recordName(item) ?? `${oneLine(label) || 'item'} ${i + 1}`}`);
      section(item, headed ? level + 1 : level, label);
    });
  };
  section(value, 1, '');
  const out = blocks.filter((b) => b.trim()).join('\n\n');
  if (!out.trim()) throw new ExtractionError('The JSON file has no values.');
  return { text: out };
}

/** Markdown has six heading levels; what is nested deeper is written as `path: value` pairs. */
const MAX_HEADING_LEVEL = 6;
/** Deeper than this, a branch is compact JSON under its path: walking it could overflow the stack. */
const MAX_DEPTH = 50;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const scalar = (v: unknown): string => (v === null ? 'null' : String(v));

const scalarList = (v: unknown): string => (Array.isArray(v) ? v.map(scalar).join(', ') || '[]' : scalar(v));

/** An object whose values are all records, so its keys name them: not one record with dotted fields. */
const isKeyedRecords = (v: object) => {
  const values = Object.values(v);
  return values.length >= 2 && values.every((c) => isObject(c) && Object.keys(c).length > 0);
};

const isValue = (v: unknown) => v === null || typeof v !== 'object';

const isValueList = (v: unknown) => Array.isArray(v) && v.every(isValue);

/**
 * A record's `key: value` pairs for one of its values, or undefined when that value needs a
 * section: a value, a list of values, an object of those as dotted pairs (`size.width: 3`).
 */
function inlinePairs(key: string, v: unknown): string[] | undefined {
  // (an empty text is no value, as a CSV's empty cell is none: `codename: ""`)
  if (v === '') return [];
  if (isValue(v) || isValueList(v)) return [`${oneLine(key)}: ${scalarList(v)}`];
  if (!isObject(v)) return undefined;
  const entries = Object.entries(v);
  if (entries.length === 0) return [`${oneLine(key)}: {}`];
  if (!entries.every(([, c]) => (isValue(c) && !(typeof c === 'string' && c.includes('\n'))) || isValueList(c)))
    return undefined;
  return entries.filter(([, c]) => c !== '').map(([k, c]) => `${oneLine(`${key}.${k}`)}: ${scalarList(c)}`);
}

/** What names a record in a heading: a short name, title or id among its values. */
function recordName(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  for (const key of ['name', 'title', 'label', 'id', 'key']) {
    const v = item[key] ?? item[key[0]!.toUpperCase() + key.slice(1)];
    if ((typeof v === 'string' || typeof v === 'number') && oneLine(String(v)) && String(v).length <= 80)
      return oneLine(String(v));
  }
  return undefined;
}

/** A value's leaves as `path: value` pairs; past MAX_DEPTH, a branch as compact JSON. */
function paths(v: unknown, path: string, depth = 0): string[] {
  if (v === null || typeof v !== 'object') return [`${path}: ${oneLine(scalar(v))}`];
  if (depth > MAX_DEPTH) return [`${path}: ${compact(v)}`];
  return Object.entries(v).flatMap(([k, c]) => paths(c, path ? `${path}.${k}` : k, depth + 1));
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * A text value as paragraphs of the document: its lines kept, but none read as a heading (the
 * document's sections are its keys) and no code fence left open to swallow the records after it.
 */
function textBlock(text: string): string {
  const fences = text.match(/^[ ]{0,3}(?:`{3,}|~{3,})/gm)?.length ?? 0;
  return text
    .replace(/^([ ]{0,3})(#{1,6})(?=[ \t]|$)/gm, '$1\\$2')
    .replace(/^([ ]{0,3})(?=(?:=+|-+)[ \t]*$)/gm, '$1\\')
    .replace(/^([ ]{0,3})(?=`{3,}|~{3,})/gm, fences % 2 ? '$1\\' : '$1')
    .trim();
}
function compact(value: object): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '(nested too deeply to read)'; // JSON.stringify recurses: thousands of levels overflow it
  }
}
