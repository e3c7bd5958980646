import { describe, expect, it } from 'vitest';
import { composeAnswer } from '@/lib/ai/local/compose-answer';
import { claimsCiting, focusSnippet } from '@/lib/chat/focus-snippet';

describe('focusSnippet (the quoted part of a cited passage)', () => {
  const passage = [
    '## Limits',
    'Every limit answers 413 when crossed.',
    '',
    '| setting | default | meaning |',
    '| --- | --- | --- |',
    '| `MAX_JSON_BYTES` | `1048576` | JSON body limit |',
    '| `MAX_UPLOAD_BYTES` | `26214400` | upload limit, enforced while streaming |',
  ].join('\n');

  it('quotes the table row the answer used, exactly as the passage has it', () => {
    const answer = composeAnswer({
      question: 'What is the default upload limit?',
      sources: [{ n: 1, title: 'README', text: passage }],
    });
    const snippet = focusSnippet(passage, claimsCiting(answer, 1));
    expect(snippet).toBe('| `MAX_UPLOAD_BYTES` | `26214400` | upload limit, enforced while streaming |');
    expect(passage).toContain(snippet); // the passage dialog marks it by finding it there
  });

  it('quotes the sentence sharing most words with the claim', () => {
    expect(focusSnippet(passage, 'It answers 413 when a limit is crossed [1].')).toBe(
      'Every limit answers 413 when crossed.',
    );
  });
});
