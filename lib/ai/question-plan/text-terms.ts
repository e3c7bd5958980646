/** Tiny, deterministic text helpers for the extractive local model. */
import { stemmer as porterStem } from 'stemmer';
import { fencedCode } from '@/lib/knowledge/index';
import { CAMEL_BREAK } from '@/lib/knowledge/index';
import { sentencesOf as englishSentences } from '@/lib/text/read-english';
import { splitSentences as icuSentences } from '@/lib/text/split-sentences';

// A boundary either splitter finds: wink-nlp's ends "…vaccines.[137] In the 1940s" where ICU's
// does not, ICU's (with its abbreviation guards) "…30 s. Errors are shown" where wink's does not.
const sentencesOf = (text: string) => englishSentences(text).flatMap((sentence) => icuSentences(sentence));

const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other
  our ours ourselves out over own same she should so some such than that the their theirs them themselves then there
  these they this those through to too under until up very was we were what when where which while who whom why will
  with without would you your yours yourself yourselves tell explain describe please know want also like get give say said
  thing things much many several one ones another else way ways may might must shall us let lets whats
  don't doesn't didn't isn't aren't wasn't weren't won't wouldn't can't couldn't shouldn't haven't hasn't hadn't
  i'm i've i'd i'll you're you've it's that's there's what's let's`.split(/\s+/),
);

/** A word that carries no subject of its own: "the", "what", "please", "tell"… */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase().replace('’', "'"));
}

// "and what about its side effects?" or "how do I create one?" names nothing: it leans on the previous
// question. So does "is there another way to pay?": another than the one just given.
const POINTING =
  /\b(?:it|its|it's|they|them|their|this|that|these|those|he|she|his|her|one|ones|another|other|others|else|instead|alternatives?)\b/gi;
const LEADS_ON = /^\s*(?:and|but|also|so|then|what about|how about)\b/i;
// "one" as a number before what it counts ("for one namespace"), unless a word before makes it
// stand for a thing ("which one", "the only one")
const ONE_AS_THING =
  /\b(?:which|the|this|that|a|an|each|every|any|no|only|another|other|new|same|first|last|right|best)\s+$/i;
// What ends a clause: a pronoun after one ("before it stops", "when the model calls them") may
// stand for a word of the clause before.
const CLAUSE_BREAK =
  /[,;:.?!]|\b(?:before|after|when|whenever|while|until|once|if|unless|because|since|as|so|that|which|who|where|instead)\b/i;

// A short question that still names what it asks about: "What is a citation?", "What are
// provider-executed tools?", "How do tools work?" ("What are the limits?" may be the last subject's)
const ASKS_OF_A_NAME =
  /^\s*(?:(?:what|who)\s+(?:is|are)\s+(?:an?\s+)?(?!(?:the|my|our|your)\b)[^\s?]+(?:\s+[^\s?]+)?|(?:how|what)\s+(?:do|does)\s+(?:an?\s+)?[^\s?]+\s+(?:work|do|mean|return))\s*\?*\s*$/i;

/** A follow-up that needs the previous question to be understood: it refers back, or is too short to stand alone. */
export function leansOnHistory(question: string): boolean {
  if (LEADS_ON.test(question) || pointsBack(question)) return true;
  return question.trim().split(/\s+/).length <= 4 && !ASKS_OF_A_NAME.test(question);
}

// "How long does it last, and how do I replace it?": a second question joined to the first.
const NEXT_QUESTION =
  /\s*(?:[,;]\s*)?\band\s+(?=(?:how|what|where|when|why|which|who|can|could|do|does|should|is|are)\b)|(?<=\?)\s+(?=\S)|\s*;\s*/i;

/** The most questions of one message answered each on its own; the last of them takes the rest. */
export const MAX_QUESTIONS = 5;

/**
 * The questions a message asks, in order: "How long does it last, and how do I replace it?" asks
 * two. Each must have words of its own ("What is it and why?" asks one thing); else the message
 * is one question. At most `MAX_QUESTIONS`, each looked up on its own: a message of a thousand
 * questions costs five searches, not a thousand.
 */
export function questionsIn(message: string): string[] {
  const split = message
    .split(NEXT_QUESTION)
    .map((part) => part.trim())
    .filter(Boolean);
  if (split.length < 2) return [message];
  const parts =
    split.length > MAX_QUESTIONS
      ? [...split.slice(0, MAX_QUESTIONS - 1), split.slice(MAX_QUESTIONS - 1).join(' ')]
      : split;
  const terms = parts.map((part) => new Set(contentTerms(part)));
  const own = terms.every((mine, i) => [...mine].some((t) => !terms.some((other, j) => j !== i && other.has(t))));
  return own ? parts : [message];
}

/**
 * The questions a message asks (see `questionsIn`), each with the question it leans on: the
 * message's own previous question for the first, the one before for a later one that points
 * back ("how do I replace it?"), none for one that stands alone.
 */
export function askedInTurn(
  message: string,
  previousQuestion?: string,
): { question: string; previousQuestion?: string }[] {
  return questionsIn(message).map((question, i, asked) => ({
    question,
    previousQuestion: i === 0 ? previousQuestion : pointsBack(question) ? asked[i - 1] : undefined,
  }));
}

/**
 * The text has a word pointing back at something said before it: "it", "its", "another"… A word
 * that the text itself gives a referent does not: "How many steps does an agent run before it
 * stops?", "Which tools run when the model calls them?", "a tool call that failed", "debug output
 * for one namespace", "instead of using its trim option". Three words of substance before it
 * name enough for it to stand for, except an "it" or "them" closing a single clause: "How do I set
 * a custom timeout on it?" still asks about the thing before.
 */
export function pointsBack(text: string): boolean {
  for (const match of text.matchAll(POINTING)) {
    const word = match[0].toLowerCase();
    const before = text.slice(0, match.index);
    const after = text.slice(match.index + word.length);
    const [next] = wordsOf(after);
    if (word === 'instead' && next?.toLowerCase() === 'of') continue;
    if (word === 'one' && next && !isStopword(next) && /^\s+[\p{L}\p{N}]/u.test(after) && !ONE_AS_THING.test(before))
      continue;
    const words = [...before.matchAll(WORD)];
    const named = words.filter(([w]) => !isStopword(w) && (w.length > 1 || /\d/.test(w)));
    // "a Script that uses…": "that" right after a named word, opening what that word does
    const last = words.at(-1);
    const afterName =
      last !== undefined && last === named.at(-1) && /^[`'"’)]?\s+$/u.test(before.slice(last.index + last[0].length));
    if (word === 'that' && afterName && named.length >= 2 && next) continue;
    if (named.length < 3) return true;
    const closes = (word === 'it' || word === 'them') && /^[\s?.!]*$/.test(after);
    if (closes && !CLAUSE_BREAK.test(before.slice(named[0]!.index))) return true;
  }
  return false;
}

const GO_ON =
  /^\s*(?:(?:please\s+|can you\s+|could you\s+)?(?:tell|show|give)\s+me\s+more|more\s+(?:details?|info(?:rmation)?|please)|(?:please\s+)?(?:go on|continue|elaborate|keep going)|what else)\b/i;

/** "Tell me more", "go on", "what else?": a request for more of what was just said, with no subject of its own. */
export function asksForMore(question: string): boolean {
  return GO_ON.test(question) && contentTerms(question.replace(GO_ON, '')).length === 0;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
/** `18.0.0`, `22.04`, or a `v` and a version (`v18`, `v2.1`), not inside a longer word or figure. */
const DOTTED_NUMBER = /(?<![\p{L}\p{N}.])[vV]?(\d+(?:\.\d+)+|(?<=[vV])\d+)(?![\p{L}\p{N}]|\.\d)/gu;

// The ".js" of a name (Postgres.js, Next.js, app.js) says nothing the name does not: "How do I
// connect with postgres.js?" asked for sentences that spell "Postgres.js" over those that say how.
const JS_SUFFIX = /(?<=[\p{L}\p{N}])\.js\b/giu;

/** The words of a text as written, "what's" and "generateText" each one word, "Postgres.js" one too ("Postgres"). */
export function wordsOf(text: string): string[] {
  return wordsOfNormal(text.normalize('NFKC'));
}

const wordsOfNormal = (text: string): string[] => text.replace(JS_SUFFIX, '').match(WORD) ?? [];

/** Whether a text may hold a DOTTED_NUMBER: most do not, and the pattern is slow to fail at every place. */
const MAY_BE_DOTTED = /\d\.\d|[vV]\d/;

/**
 * Lower-cased word stems, stopwords removed. A camelCase identifier also gives its words, so
 * "how do I stream text" meets a sentence about `streamText`.
 */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  // A version or a dotted figure is a term whole as well (`18.0.0`, `22.04`): its parts alone are
  // said by any row with a 0 or an 18 in it (`date: 2022-01-18`). `v18` is "18" too.
  const normal = text.normalize('NFKC');
  if (MAY_BE_DOTTED.test(normal)) for (const [, number] of normal.matchAll(DOTTED_NUMBER)) terms.push(number!);
  for (const word of wordsOfNormal(normal)) {
    const parts = CAMEL_BREAK.test(word) ? [word, ...word.split(CAMEL_BREAK)] : [word];
    for (const part of parts.map((p) => p.toLowerCase())) {
      if (!isStopword(part) && (part.length > 1 || /\d/.test(part))) terms.push(stem(part));
      // "Use `isMatch()` instead of `minimatch()`" says what replaces it.
      if (part === 'instead') terms.push(stem('replace'));
    }
  }
  return terms;
}

/**
 * The words an identifier is made of, as terms: `streamText` → stream, text; `tool_choice` → tool,
 * choice. None for a name with fewer than two such words (`text`, `getAll`): it spells nothing a
 * word alone does not say.
 */
export function nameWords(name: string): string[] {
  const words = name.split(/_+/).flatMap((part) => contentTerms(part.split(CAMEL_BREAK).join(' ')));
  return words.length < 2 ? [] : words;
}

/**
 * The Porter stem, so that "reimbursed" meets "reimbursement" and "running" meets "run". A
 * possessive goes first ("policy's" is "policy").
 */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(word, (stemmed = porterStem(word.replace(/['’]s$/, ''))));
  }
  return stemmed;
}

// Every reply stems its passages' words again, and the same words come back: remembered, up to
// a vocabulary far larger than a knowledge base's, and then forgotten all at once.
const stems = new Map<string, string>();
const MAX_STEMS = 200_000;

// Where a block of text ends: a blank line, a list item, or either side of a Markdown heading line
// (every parser emits headings as `#` lines, and a chunk starts with its section's heading).
const BLOCK_BREAK =
  /\n\s*\n|\n(?=\s*(?:[-*•]|\d+\.)\s)|\n(?=[ \t]{0,3}#{1,6}[ \t])|(?<=^[ \t]{0,3}#{1,6}[ \t][^\n]*)\n/m;

/**
 * Splits text into sentences, keeping abbreviations and decimals intact. A heading is never
 * part of a sentence, fenced code gives none (its `# comment` lines are no headings either),
 * nor does a link reference definition (`[npm]: https://…`), and each table row is one:
 * `| a | b |` rows (Markdown) and `a | b` rows (HTML and DOCX tables, see html-to-markdown) read as
 * `a; b`, or as `name: a; value: b` under a Markdown header row; `verbatimRows` keeps a row as
 * written, for quoting it from its passage.
 */
export function splitSentences(text: string, { verbatimRows = false } = {}): string[] {
  return sentenceParts(text, { verbatimRows }).map((s) => s.text);
}

/** A sentence, and for a table row under a header row, the header names of its cells. */
export interface SentencePart {
  text: string;
  /** The header names the row's cells are read with ("name: a; value: b"), apart. */
  header?: string;
  /** The row's cells alone. */
  cells?: string;
  /** A table row's first cell, which names what the row is about (`MAX_UPLOAD_BYTES`), when others say something of it. */
  key?: string;
  /** With a key, its column's header name (`setting`). */
  column?: string;
  /** With a key, each other cell by its column's header name, empty ones too. */
  fields?: [header: string, cell: string][];
  /** Not the first sentence of its block: it goes on a paragraph or list item the one before began. */
  continues?: boolean;
  /** How deep in a nested list the item this sentence starts is: 0 at the top, 1 inside another… */
  depth?: number;
  /** The fenced code right after this sentence's paragraph (only blank lines between), fences included. */
  code?: string;
  /** A record paragraph's row (`label: value; …`), not a table's. */
  record?: true;
}

/** `splitSentences`, with a table row's header names kept apart from its cells. */
export function sentenceParts(text: string, { verbatimRows = false } = {}): SentencePart[] {
  const out: SentencePart[] = [];
  let prose: string[] = [];
  let table: string[] = [];
  const endTable = () => {
    // A lone `a | b` line is prose that happens to hold a bar; a line starting with `|` is a row.
    if (table.length === 1 && !table[0]!.trimStart().startsWith('|')) prose.push(table[0]!);
    else {
      splitProse(prose.join('\n'), out);
      prose = [];
      tableSentences(table, out, verbatimRows);
    }
    table = [];
  };
  const fences = fencedCode(text);
  let at = 0;
  for (const line of text.split('\n')) {
    const start = at;
    at += line.length + 1;
    // Fenced code is not prose: it gives no sentence, and it ends the block before it. It goes
    // with that block's sentences, when they come right before it.
    const fence = fences.find(([from, to]) => start >= from && start < to);
    if (fence) {
      if (table.length) endTable();
      if (start === fence[0]) {
        const before = out.length;
        splitProse(prose.join('\n'), out);
        // (each sentence of the paragraph or list item right before it)
        for (let i = out.length - 1; i >= before; i--) {
          out[i]!.code = text.slice(...fence);
          if (!out[i]!.continues) break;
        }
        prose = [];
      }
      continue;
    }
    if (TABLE_ROW.test(line)) table.push(line);
    else if (LINK_DEFINITION.test(line)) {
      // `[npm]: https://…` is where a link of the text goes, not a sentence of it.
      if (table.length) endTable();
      prose.push('');
    } else {
      if (table.length) endTable();
      prose.push(line);
    }
  }
  if (table.length) endTable();
  splitProse(prose.join('\n'), out);
  return namedByHeading(out);
}

const HEADING_LINE = /^\s*#{1,6}\s+(.*?)[\s#]*$/;
/** The column of a record named by its heading, which has no label. */
export const HEADING_COLUMN = '#';

/**
 * A record alone under its heading, none of its labels a name (`## area-alt` over `description: …;
 * help: …`, as a JSON map's records read), is named by the heading, as a row by its first cell: it
 * reads `area-alt — description: …; help: …`, every value a field.
 */
function namedByHeading(parts: SentencePart[]): SentencePart[] {
  return parts.map((part, i) => {
    const heading = HEADING_LINE.exec(parts[i - 1]?.text ?? '')?.[1];
    const next = parts[i + 1];
    if (!part.record || !heading || (next && !HEADING_LINE.test(next.text)) || NAMING_LABEL.test(part.column ?? ''))
      return part;
    const fields: [string, string][] = [[part.column!, part.key!], ...part.fields!];
    return {
      ...part,
      text: `${heading} — ${part.text}`,
      cells: `${heading}; ${part.cells}`,
      key: heading,
      column: HEADING_COLUMN,
      fields,
    };
  });
}

const TABLE_ROW = /^\s*\|.*\||\S \| \S/;
/** A Markdown link reference definition: a label, a destination and maybe a title, alone on its line. */
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:[ \t]*(?:<[^>]*>|\S+)(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/;
/** A cell of the row under a table's header row: GFM asks for a hyphen at least. */
export const SEPARATOR_CELL = /^:?-+:?$/;

/** A table row's cells, as GFM splits them: at each bar not escaped (`\|` is a bar in its cell). */
export function tableCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.replace(/\\\|/g, '|').trim());
}

function tableSentences(rows: string[], out: SentencePart[], verbatim: boolean): void {
  const cells = rows.map(tableCells);
  const header = cells.length > 1 && cells[1]!.every((c) => SEPARATOR_CELL.test(c)) ? cells[0]! : undefined;
  for (const [i, row] of cells.entries()) {
    if ((header && i < 2) || row.every((c) => SEPARATOR_CELL.test(c))) continue;
    const parts = row.map((c, j) => (c && header?.[j] ? `${header[j]}: ${c}` : c)).filter(Boolean);
    if (!parts.length) continue;
    const text = verbatim ? rows[i]!.trim() : parts.join('; ');
    const labels = header && row.flatMap((c, j) => (c && header[j] ? [header[j]] : []));
    const key = row[0] && row.slice(1).some(Boolean) ? row[0] : undefined;
    out.push({
      text,
      ...(labels?.length ? { header: labels.join('; '), cells: row.filter(Boolean).join('; ') } : {}),
      ...(key
        ? {
            key,
            ...(header?.[0]
              ? {
                  column: header[0],
                  fields: header.slice(1).map((name, j) => [name, row[j + 1] ?? ''] as [string, string]),
                }
              : {}),
          }
        : {}),
    });
  }
}

/** A record's `label: value` pair: a label of a few words, with no sentence in it. */
// (a column header runs to six words and more: "annual price per user per month")
const RECORD_LABEL_WORDS = 8;
const RECORD_PAIR = /^([^\s:;][^:;]{0,59}?):[ \t]+(\S[^;]*)$/;

/**
 * A paragraph that is a record, `key: value` pairs on one line (`city: Oslo; population: 700000`,
 * as a CSV row, a JSON object or a table row under its header reads), is a table row too: its
 * labels are what its values are about, as a header's names are, and its name (else its first value) names it.
 */
function recordRow(line: string): SentencePart | undefined {
  const pairs = line.split(/;\s+/).map((part) => RECORD_PAIR.exec(part.trim()));
  if (
    pairs.length < 2 ||
    !pairs.every((m) => m && m[1]!.split(' ').length <= RECORD_LABEL_WORDS && !/[.!?]\s/.test(m[1]!))
  )
    return undefined;
  const [labels, values] = [pairs.map((m) => m![1]!.trim()), pairs.map((m) => m![2]!.trim())];
  // (named by its name or title where it has one, not by an id: `Employee ID: E1006; Name: Grace Okafor`)
  const k = Math.max(
    0,
    labels.findIndex((label) => NAMING_LABEL.test(label)),
  );
  const fields = labels.flatMap((name, j) => (j === k ? [] : [[name, values[j]!] as [string, string]]));
  return {
    text: line,
    header: labels.join('; '),
    cells: values.join('; '),
    key: values[k]!,
    column: labels[k]!,
    fields,
    record: true,
  };
}

/** The label of a record's field that names it. */
export const NAMING_LABEL = /^(?:(?:full|display|product|company)[ _]?)?(?:name|title)$/i;

const QUOTE_MARKS = /^[ \t]*(?:>[ \t]?)+/gm;
const ALERT_LABEL = /\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/gi;
const NESTED_ITEM = /^\n*([ \t]+)(?:[-*+•]|\d{1,3}[.)])\s/;

function splitProse(text: string, out: SentencePart[]): void {
  for (const block of text.split(BLOCK_BREAK)) {
    // (a quote's marks and a GitHub alert's label are no words of it: "> [!NOTE]\n> This method returns `0`…")
    const flat = block.replace(QUOTE_MARKS, '').replace(ALERT_LABEL, '').replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    const record = !/\n\s*\S/.test(block.trim()) && recordRow(flat);
    if (record) {
      out.push(record);
      continue;
    }
    // A list item indented under another is nested in it, a level for every two spaces or so.
    const indent = NESTED_ITEM.exec(block)?.[1]?.length;
    const first: Omit<SentencePart, 'text'> = indent ? { depth: Math.min(3, Math.floor(indent / 2)) } : {};
    let continues = false;
    for (const sentence of sentencesOf(flat)) {
      out.push(continues ? { text: sentence, continues } : { text: sentence, ...first });
      continues = true;
    }
  }
}
