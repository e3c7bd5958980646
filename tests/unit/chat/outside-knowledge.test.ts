import { describe, expect, it } from 'vitest';
import { outsideKnowledge, tellingWords, withinEdits } from '@/lib/ai/question-plan/outside-knowledge';

const seen = (words: Record<string, boolean>) => Object.entries(words).map(([word, s]) => ({ word, seen: s }));

describe('tellingWords', () => {
  it('keeps the words that say what is asked about', () => {
    expect(tellingWords('How do I configure Kubernetes ingress?')).toEqual(['configure', 'kubernetes', 'ingress']);
    expect(tellingWords('What does generateText return?')).toEqual(['generatetext', 'return']);
  });

  it('drops stop words, the commonest words of English, numbers and single letters, and repeats', () => {
    expect(tellingWords('How long do I have to ask for a refund?')).toEqual(['refund']);
    expect(tellingWords('Who won the world cup in 2022?')).toEqual(['cup']);
    expect(tellingWords('Refund a refund, please: section 4 b')).toEqual(['refund', 'section']);
    expect(tellingWords('Hello, how are you?')).toEqual([]);
  });
});

describe('outsideKnowledge', () => {
  it('is true when at least half the telling words are in no chunk', () => {
    expect(
      outsideKnowledge({
        question: 'What is the refund policy?',
        words: seen({ refund: false, policy: true }),
        passages: ['Approval policy for tools.'],
      }),
    ).toBe(true);
    expect(
      outsideKnowledge({
        question: '',
        words: seen({ configure: true, kubernetes: false, ingress: false }),
        passages: [],
      }),
    ).toBe(true);
  });

  it('is false when more than half are known, or when there is nothing to go by', () => {
    expect(
      outsideKnowledge({ question: '', words: seen({ connect: true, mysql: false, database: true }), passages: [] }),
    ).toBe(false);
    expect(outsideKnowledge({ question: '', words: [], passages: [] })).toBe(false);
  });

  it('counts a misspelling of a word in the passages as seen', () => {
    const passages = ['Use `generateText` to generate text.', 'The stream ends when the model is done.'];
    expect(outsideKnowledge({ question: '', words: seen({ genratetext: false }), passages })).toBe(false);
    expect(outsideKnowledge({ question: '', words: seen({ strem: false, text: true }), passages })).toBe(false);
    // Two edits are one too many below nine letters; a real word is no misspelling.
    expect(outsideKnowledge({ question: '', words: seen({ strm: false, text: true }), passages })).toBe(true);
    expect(
      outsideKnowledge({ question: '', words: seen({ taxes: false, online: false }), passages: ['It takes a while.'] }),
    ).toBe(true);
  });
});

describe('outsideKnowledge, two of the question’s words in a row in a passage', () => {
  const question = 'What temperature suits black tea?';
  const words = seen({ temperature: false, suits: false, black: true, tea: true });

  it('is false: the passage names the subject as the question does, whatever it asks of it', () => {
    expect(
      outsideKnowledge({
        question,
        words,
        passages: ['Green tea brews at 80 degrees.', 'Black teas want boiling water.'],
      }),
    ).toBe(false);
  });

  it('is true when the words are only near one another, or the other way round', () => {
    expect(
      outsideKnowledge({
        question,
        words,
        passages: ['Tea is black when it has steeped.', 'Black coffee and green tea.'],
      }),
    ).toBe(true);
  });
});

describe('withinEdits', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours', () => {
    expect(withinEdits('strem', 'stream', 1)).toBe(true);
    expect(withinEdits('recieve', 'receive', 1)).toBe(true);
    expect(withinEdits('stream', 'steam', 1)).toBe(true);
    expect(withinEdits('genrtaetext', 'generatetext', 1)).toBe(false);
    expect(withinEdits('genrtaetext', 'generatetext', 2)).toBe(true);
    expect(withinEdits('router', 'rout', 1)).toBe(false);
    expect(withinEdits('same', 'same', 0)).toBe(true);
  });
});
