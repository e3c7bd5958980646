import { describe, expect, it } from 'vitest';
import { LinkGuard } from '@/lib/chat/guard-links';

const known = 'The handbook lives at https://intranet.example/handbook and the forms at https://forms.example/a?b=1.';
const whole = (text: string) => {
  const g = new LinkGuard(known);
  return g.push(text) + g.flush();
};
const byChars = (text: string) => {
  const g = new LinkGuard(known);
  return [...text].map((c) => g.push(c)).join('') + g.flush();
};

describe('links in a reply', () => {
  it.each([
    ['Read [the handbook](https://intranet.example/handbook) [1].', 'Read [the handbook](https://intranet.example/handbook) [1].'],
    ['See https://intranet.example/handbook.', 'See https://intranet.example/handbook.'],
    ['[Reset here](https://evil.example/?q=my+password) [2]', 'Reset here [2]'],
    ['Visit https://evil.example/steal?d=chat, then stop.', 'Visit `https://evil.example/steal?d=chat`, then stop.'],
    ['Forms: https://forms.example/a?b=1 and https://forms.example/a?b=2', 'Forms: https://forms.example/a?b=1 and `https://forms.example/a?b=2`'],
    ['No links here, only [1] and [2].', 'No links here, only [1] and [2].'],
    ['Each thing has a path (http is a protocol).', 'Each thing has a path (http is a protocol).'],
  ])('%s → %s, whole or streamed a character at a time', (input, output) => {
    expect(whole(input)).toBe(output);
    expect(byChars(input)).toBe(output);
  });
});
