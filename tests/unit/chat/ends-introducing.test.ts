import { describe, expect, it } from 'vitest';
import { endsIntroducing } from '@/lib/chat/retrieve-passages';

describe('endsIntroducing', () => {
  it('is true of a passage whose last line introduces what follows', () => {
    expect(endsIntroducing('## Result\n\nThe result object contains:\n\n')).toBe(true);
    expect(endsIntroducing('Steps:\n- one\n- two:')).toBe(true);
  });

  it('is false of a passage that ends otherwise, or inside a code block', () => {
    expect(endsIntroducing('The result object contains the text.')).toBe(false);
    expect(endsIntroducing('Note: this is the default.')).toBe(false);
    expect(endsIntroducing('Run it:\n\n```yaml\nsteps:')).toBe(false);
    expect(endsIntroducing('```ts\nconst a = 1;\n```\n\nThen:')).toBe(true);
  });
});
