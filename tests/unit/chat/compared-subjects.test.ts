import { describe, expect, it } from 'vitest';
import { comparedSubjects, definedSubject } from '@/lib/ai/question-plan/compared-subjects';
import { subjectPassages } from '@/lib/chat/retrieve-passages';
import type { SearchHit } from '@/lib/knowledge/sources';

describe('comparedSubjects', () => {
  it.each([
    ['What is the difference between generateText and streamText?', ['generateText', 'streamText']],
    ["What's the difference between the `generateText()` and streamText functions?", ['generateText', 'streamText']],
    ['Differences between function and dynamic tools', ['function tools', 'dynamic tools']],
    ['How does espresso differ from filter coffee?', ['espresso', 'filter coffee']],
    ['How is espresso different from filter coffee', ['espresso', 'filter coffee']],
    ['Compare Postgres with SQLite', ['Postgres', 'SQLite']],
    ['postgres vs. sqlite', ['postgres', 'sqlite']],
    ['Text prompts versus message prompts: which should I use?', ['Text prompts', 'message prompts']],
    ['Should I use generateText or streamText for a chatbot?', ['generateText', 'streamText']],
    ['Which is better for a chatbot, generateText or streamText?', ['generateText', 'streamText']],
    ['generateText or streamText, which is faster?', ['generateText', 'streamText']],
    ['When should I use streamText instead of generateText?', ['streamText', 'generateText']],
    ['Is a lease the same as a lock?', ['lease', 'lock']],
    ['And dynamic tools vs function tools?', ['dynamic tools', 'function tools']],
  ])('“%s” compares %j', (question, subjects) => {
    expect(comparedSubjects(question)).toEqual(subjects);
  });

  it.each([
    'How does it differ from streamText?', // names one side by a pronoun: nothing to look up
    'Can I use tools or structured outputs?', // asks whether, not which
    'What is streamText?',
    'How do I stream text or objects to the client?',
    'What is the difference between a system message that is sent before the conversation and one sent during it?', // sides too long to be names
    'What is the difference between espresso and espresso?',
  ])('“%s” compares nothing', (question) => {
    expect(comparedSubjects(question)).toBeUndefined();
  });
});

describe('definedSubject', () => {
  it.each([
    ['What is generateText?', 'generateText'],
    ['what are provider-executed tools', 'provider-executed tools'],
    ['What does `prepareStep` do?', 'prepareStep'],
    ['What is a lease?', 'lease'],
    ['What does BM25 stand for?', 'BM25'],
    ['What is generateText used for?', 'generateText'],
    ['What are dynamic tools for?', 'dynamic tools'],
    ['When should I use `streamText`?', 'streamText'],
    ['What does generateText return?', 'generateText'], // answered in the section about it
  ])('“%s” asks about %j', (question, subject) => {
    expect(definedSubject(question)).toBe(subject);
  });

  it.each([
    'What is it?',
    'What is the difference between a lease and a lock?',
    'What is the best way to stream a long answer to the browser tab?',
    'How do I stream text?',
    'What do I need to install?',
    'What does the guide say about tools?',
  ])('“%s” asks about no one thing', (question) => {
    expect(definedSubject(question)).toBeUndefined();
  });
});

let seq = 0;
const hit = (text: string, headings: string[] = [], score = 1): SearchHit => ({
  chunkId: `c${++seq}`,
  sourceId: 's',
  title: 'Doc',
  text,
  score,
  location: { headings, start: 0, end: text.length },
  generation: 0,
  metadata: {},
});

describe('subjectPassages', () => {
  const subjects = ['espresso', 'filter coffee'];
  const passing = [1, 2, 3].map((i) =>
    hit(`Espresso and filter coffee, mentioned in passing ${i}.`, ['Menu'], 1 - i / 10),
  );
  const espressoSub = hit('### Espresso\n\nThe espresso of the week.', ['Specials', 'Weekly', 'Espresso'], 0.9);
  const espresso = hit('## `Espresso`\n\nEspresso is short and strong.', ['Drinks', '`Espresso`'], 0.5);
  const espressoLater = hit('Espresso is pulled in 25 seconds.', ['Drinks', 'Espresso'], 0.8); // not the section's start
  const filter = hit('## Filter Coffee\n\nFilter coffee is long and mild.', ['Drinks', 'Filter Coffee'], 0.4);
  const list = hit('Two coffees:\n\n- **Espresso**: short.\n- [`Filter coffee`](#filter): long.', ['Menu'], 0.2);
  const table = hit(
    '| Aspect | Espresso | Filter coffee |\n| --- | --- | --- |\n| Cup | small | mug |',
    ['Comparison'],
    0.1,
  );
  const oneSidedList = hit('- Espresso: short.\n- Tea: hot.', ['Menu'], 0.75);

  it('puts what sets the two side by side first, then the section about each, then the rest of the three searches', () => {
    const passages = subjectPassages({
      whole: [...passing, oneSidedList, table],
      sides: [
        [espressoSub, espressoLater, espresso, list],
        [filter, passing[0]!],
      ],
      subjects,
      k: 6,
    });
    expect(passages.map((p) => p.text)).toEqual(
      [table, list, espresso, filter, passing[0]!, espressoSub].map((p) => p.text),
    );
  });

  it('for one subject, puts its section first (headed with its name, or with what kind of name it is), and nothing side by side', () => {
    const callback = hit(
      '### `onFinish` callback\n\nCalled when the reply ends.',
      ['Hooks', '`onFinish` callback'],
      0.3,
    );
    const mentions = hit('- onFinish: see below.\n- onError: see below.', ['Hooks'], 0.9);
    const passages = subjectPassages({
      whole: [mentions],
      sides: [[mentions, callback]],
      subjects: ['onFinish'],
      k: 3,
    });
    expect(passages).toEqual([callback, mentions]);
  });

  it('without either, is the three searches fused, a passage all of them found first', () => {
    const shared = hit('Espresso, filter coffee and tea.', [], 0.5);
    const passages = subjectPassages({
      whole: [passing[0]!, shared],
      sides: [
        [shared, espressoLater],
        [passing[1]!, shared],
      ],
      subjects,
      k: 3,
    });
    expect(passages[0]).toBe(shared);
    expect(passages).toHaveLength(3);
  });
});
