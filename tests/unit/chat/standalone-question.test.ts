import { describe, expect, it } from 'vitest';
import { pronounSide } from '@/lib/ai/question-plan/compared-subjects';
import { askedInContext } from '@/lib/ai/question-plan/standalone-question';
import { leansOnHistory } from '@/lib/ai/question-plan/text-terms';

describe('askedInContext', () => {
  it.each([
    // a comparison with a pronoun for one side: the thing the question before was about
    [['What is generateText?', 'How does it differ from streamText?'], 'How does generateText differ from streamText?'],
    [
      ['How do I use tools with `generateText`?', 'Is it different from streamText?'],
      'Is generateText different from streamText?',
    ],
    [['What is espresso?', 'Compare it with filter coffee'], 'Compare espresso with filter coffee'],
    [
      ['What are function tools?', 'How do they differ from dynamic tools?'],
      'How do function tools differ from dynamic tools?',
    ],
    [
      ['What does `prepareStep` do?', "What's better: this one or stopWhen?"],
      "What's better: prepareStep or stopWhen?",
    ],
    // "they": the two things the question before, or the two before, were about
    [
      ['What are generateText and streamText?', 'How do they differ?'],
      'What is the difference between generateText and streamText?',
    ],
    [
      ['Tell me about generateText and streamText', 'How do the two differ in speed?'],
      'What is the difference between generateText and streamText in speed?',
    ],
    [
      ['What is generateText?', 'What about streamText?', 'How do they differ?'],
      'What is the difference between generateText and streamText?',
    ],
    [
      ['What is the difference between espresso and filter coffee?', 'Which one should I use for a crowd?'],
      'espresso or filter coffee, which should I use for a crowd?',
    ],
    // a pronoun for what the question before asked about
    [['What are dynamic tools?', 'When should I use them?'], 'When should I use dynamic tools?'],
    [['What is aspirin?', 'Is it safe for children?'], 'Is aspirin safe for children?'],
    [
      ['What are dynamic tools?', 'When should I use them?', 'How do they differ from function tools?'],
      'How do dynamic tools differ from function tools?',
    ],
    // a possessive for it: what the question before asked about, as the owner; "it" after that is
    // the owner of a plural ("its options": generateText's), else what was owned
    [['What is aspirin?', 'and what about its side effects?'], "and what about aspirin's side effects?"],
    [
      ['What are provider-defined tools?', 'Who provides their execute function?'],
      "Who provides provider-defined tools' execute function?",
    ],
    [
      ['What is streamText?', 'Does it report its errors in the stream?'],
      "Does streamText report streamText's errors in the stream?",
    ],
    [['What is generateText?', 'What are its options?', 'What does it return?'], 'What does generateText return?'],
    [['What is generateText?', 'What are its options?', 'Are they required?'], "Are generateText's options required?"],
    [
      ['What is generateText?', 'What is its return value?', 'Is it a promise?'],
      "Is generateText's return value a promise?",
    ],
    // "what about X?": the question before, of another name
    [['What is generateText?', 'What about streamText?'], 'What is streamText?'],
    [['What does `prepareStep` do?', 'And `generateObject`?'], 'What does generateObject do?'],
    [['How do I configure OpenAI?', 'What about Anthropic?'], 'How do I configure Anthropic?'],
    // resolved through a "tell me more" and a follow-up that stood for a question of its own
    [
      ['What is generateText?', 'What about streamText?', 'Tell me more', 'Which one should I use?'],
      'generateText or streamText, which should I use?',
    ],
  ])('%j stands for %j', (questions, standalone) => {
    expect(askedInContext(questions)).toEqual({ question: standalone });
  });

  it.each([
    [['What is aspirin?', 'What about side effects?'], 'What is aspirin?'], // aspirin's side effects: only a name stands in for a name
    [['What are generateText and streamText?', 'What are their options?'], 'What are generateText and streamText?'], // both's: say so
    [['What is aspirin?', 'Is its effect stronger than the other ones?'], 'What is aspirin?'],
    [['How do I stream with streamText?', 'How do I handle its errors?'], 'How do I stream with streamText?'], // "What is X?" names what "its" is
    [['What is generateText?', 'How does it differ from generateText?'], 'What is generateText?'],
    [
      ['What are generateText and streamText?', 'How do they differ from generateObject?'],
      'What are generateText and streamText?',
    ], // two things: which?
    [['What is generateText?', 'Which one is better?'], 'What is generateText?'], // one thing: "which one" of what?
    [
      ['What is the difference between generateText and streamText?', 'How does it differ from generateObject?'],
      'What is the difference between generateText and streamText?',
    ], // "it": which of the two?
    [['What is generateText?', 'What about the options?'], 'What is generateText?'],
    [['What is generateText?', 'What about OpenAI?'], 'What is generateText?'], // generateText with OpenAI, maybe
    [
      ['How do I stop the agent after a fixed number of steps?', 'Is there another way to stop it?'],
      'How do I stop the agent after a fixed number of steps?',
    ], // another than the answer given
    [['What is generateText?', 'Does it support tools, and can I stream it?'], 'What is generateText?'],
    [
      ['What is the difference between generateText and streamText?', 'Does it support tools?'],
      'What is the difference between generateText and streamText?',
    ],
    [['What is aspirin?', 'Is it possible to take it with food?'], 'What is aspirin?'],
    [['What is generateText?', 'Is it possible to stream objects?'], 'What is generateText?'], // an "it" that stands for nothing
    [['What is generateText?', 'How long does it take to answer?'], 'What is generateText?'],
    [['What is generateText?', 'What about streamText?', 'Tell me more'], 'What is streamText?'],
    // a pronoun the question gives a referent of its own: a new question, not a follow-up
    [['What is generateText?', 'Which tools run automatically when the model calls them?'], 'What is generateText?'],
    [
      ['What is generateText?', 'How many steps does an agent run before it stops by default?'],
      'What is generateText?',
    ],
    [
      ['What is generateText?', "Do fflate's asynchronous functions do their compression work on the main thread?"],
      'What is generateText?',
    ],
    [['How does it differ from streamText?'], undefined],
    [['Go on'], undefined],
  ])('%j leans on %j', (questions, previousQuestion) => {
    expect(askedInContext(questions)).toEqual({ question: questions.at(-1), previousQuestion });
  });

  it('answers an empty conversation with an empty question', () => {
    expect(askedInContext([])).toEqual({ question: '', previousQuestion: undefined });
  });
});

describe('leansOnHistory', () => {
  it.each([
    'Who provides their execute function?',
    'Which one forces the model to call a tool?',
    'What does that setting let the model do?',
    'Which function can I pass it to?',
    'Can I limit how many elements it has?',
    'How do I set a custom timeout on it?',
    'Is there another way to stop it?',
    'What should I use instead?',
    'How do I create one?',
    'What about streamText?',
    'What are the limits?',
    'Why?',
  ])('%j leans on the question before', (question) => {
    expect(leansOnHistory(question)).toBe(true);
  });

  it.each([
    'How many steps does an agent run before it stops by default?',
    'Which tools run automatically when the model calls them?',
    'How can I transform the text stream, for example to smooth it?',
    'By default, which output stream does the debug package write its messages to?',
    'Can I call .trim() on the output instead of using its trim option?',
    'How do I repair a tool call that failed to parse?',
    'Where do I put a Script that uses the beforeInteractive strategy?',
    'How do I enable debug output for one namespace?',
    'I build one Docker image per environment. Why does the browser keep the old value?',
    'I want the log lines of my http namespace. How do I switch that on?',
    'What is a citation?',
    'What are provider-executed tools?',
    'How do tools work?',
  ])('%j stands alone', (question) => {
    expect(leansOnHistory(question)).toBe(false);
  });
});

describe('pronounSide', () => {
  it('finds the pronoun that stands for one side of a comparison, and the other side', () => {
    const question = 'And how does it compare to `streamText`?';
    const side = pronounSide(question)!;
    expect(question.slice(side.start, side.end)).toBe('it');
    expect(side.other).toBe('streamText');
    const plural = 'How do they differ from dynamic tools?';
    const they = pronounSide(plural)!;
    expect(plural.slice(they.start, they.end)).toBe('they');
    expect(pronounSide('How does generateText differ from streamText?')).toBeUndefined();
  });
});
