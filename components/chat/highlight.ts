// A deliberately small syntax highlighter (~1 kB): keywords, strings, numbers
// and comments for the languages answers usually quote. A full grammar library
// would cost more first-load JavaScript than the whole chat page is allowed.

export type TokenKind = 'keyword' | 'string' | 'number' | 'comment' | 'punct' | 'plain';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set(
  (
    'abstract as async await break case catch class const continue def default defer del delete do elif else enum ' +
    'export extends false final finally fn for from func function go if impl import in instanceof interface is ' +
    'lambda let loop match mod module mut new nil None not null or package pass private protected pub public raise ' +
    'return select self static struct super switch this throw throws trait True False true try type typeof undefined ' +
    'use var void while with yield SELECT FROM WHERE INSERT INTO UPDATE DELETE CREATE TABLE JOIN ON AND OR NOT NULL ' +
    'ORDER BY GROUP LIMIT VALUES SET AS echo then fi done esac'
  ).split(' '),
);

const HASH_COMMENTS = new Set([
  'py',
  'python',
  'sh',
  'bash',
  'shell',
  'zsh',
  'rb',
  'ruby',
  'yaml',
  'yml',
  'toml',
  'r',
  'dockerfile',
]);
const DASH_COMMENTS = new Set(['sql', 'lua', 'haskell', 'hs']);

function patternFor(lang: string): RegExp {
  const comment = HASH_COMMENTS.has(lang)
    ? '#[^\\n]*'
    : DASH_COMMENTS.has(lang)
      ? '--[^\\n]*'
      : '\\/\\/[^\\n]*|\\/\\*[\\s\\S]*?\\*\\/';
  return new RegExp(
    `(${comment})|("(?:\\\\.|[^"\\\\\\n])*"|'(?:\\\\.|[^'\\\\\\n])*'|\`(?:\\\\.|[^\`\\\\])*\`)|(\\b\\d[\\d_.]*(?:e[+-]?\\d+)?\\b|\\b0x[\\da-f]+\\b)|([A-Za-z_$][\\w$]*)|([{}()[\\];,.:=<>+\\-*/!&|?%^~])`,
    'gi',
  );
}

/** Splits code into tokens; concatenating their text gives back the input exactly. */
export function highlight(code: string, language = ''): Token[] {
  const lang = language.toLowerCase();
  if (lang === 'text' || lang === 'plaintext' || code.length > 20_000) return [{ kind: 'plain', text: code }];
  const tokens: Token[] = [];
  const re = patternFor(lang);
  let last = 0;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    if (m.index > last) tokens.push({ kind: 'plain', text: code.slice(last, m.index) });
    const [text, comment, str, num, word] = m;
    const kind: TokenKind = comment
      ? 'comment'
      : str
        ? 'string'
        : num
          ? 'number'
          : word
            ? KEYWORDS.has(word)
              ? 'keyword'
              : 'plain'
            : 'punct';
    tokens.push({ kind, text });
    last = m.index + text.length;
  }
  if (last < code.length) tokens.push({ kind: 'plain', text: code.slice(last) });
  return tokens;
}
