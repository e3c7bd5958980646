import { describe, expect, it } from 'vitest';
import { highlight } from '@/components/chat/highlight';

describe('highlight', () => {
  it.each([
    ['js', 'const a = "x"; // c\nfunction f() { return 1.5e3; }'],
    ['python', 'def f(x):\n    return "s"  # note'],
    ['sql', "SELECT * FROM t WHERE a = 'b' -- why"],
    ['', 'plain <b>text</b> with `ticks'],
  ])('gives back the input exactly (%s)', (lang, code) => {
    expect(
      highlight(code, lang)
        .map((t) => t.text)
        .join(''),
    ).toBe(code);
  });

  it('marks keywords, strings, numbers and comments', () => {
    const kinds = Object.fromEntries(highlight('return "s" 42 // c', 'ts').map((t) => [t.text, t.kind]));
    expect(kinds).toMatchObject({ return: 'keyword', '"s"': 'string', '42': 'number', '// c': 'comment' });
  });

  it('uses # comments for Python and shell only', () => {
    expect(highlight('# hi', 'python')[0]?.kind).toBe('comment');
    expect(highlight('# hi', 'js')[0]?.kind).not.toBe('comment');
  });
});
