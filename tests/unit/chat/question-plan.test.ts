import { describe, expect, it } from 'vitest';
import { planQuestion } from '@/lib/ai/question-plan';

describe('planQuestion', () => {
  it('says small talk needs no passages', () => {
    expect(planQuestion(['Hello!']).smallTalk).toBe('greeting');
    expect(planQuestion(['What is aspirin?']).smallTalk).toBeUndefined();
  });

  it('looks up a comparison by the whole question and by each side', () => {
    const plan = planQuestion(['What is the difference between generateText and streamText?']);
    expect(plan.compared).toEqual(['generateText', 'streamText']);
    expect(plan.parts).toEqual([]);
    expect(plan.searches).toEqual([
      {
        query: 'What is the difference between generateText and streamText?',
        subjects: ['generateText', 'streamText'],
      },
    ]);
  });

  it('looks up "What is X?" by X too', () => {
    expect(planQuestion(['What is generateText?']).searches).toEqual([
      { query: 'What is generateText?', subjects: ['generateText'] },
    ]);
  });

  it('resolves a follow-up into the question it stands for, once, for retrieval and the model', () => {
    const plan = planQuestion(['What is generateText?', 'How does it differ from streamText?']);
    expect(plan.question).toBe('How does generateText differ from streamText?');
    expect(plan.previousQuestion).toBeUndefined();
    expect(plan.compared).toEqual(['generateText', 'streamText']);
  });

  it('keeps the question a follow-up leans on, and looks it up with it', () => {
    const plan = planQuestion(['What is aspirin?', 'Why?']);
    expect(plan).toMatchObject({ question: 'Why?', previousQuestion: 'What is aspirin?', followUp: true });
    expect(plan.query).toBe('What is aspirin?\nWhy?');
    expect(planQuestion(['What is aspirin?', 'Tell me more'])).toMatchObject({ followUp: true, asksForMore: true });
    expect(planQuestion(['Tell me more'])).toMatchObject({ followUp: false, asksForMore: true });
  });

  it('plans one search per question of a message that asks two', () => {
    const plan = planQuestion(['What does generateText return, and what is streamText?']);
    expect(plan.parts.map((p) => p.question)).toHaveLength(2);
    expect(plan.searches).toHaveLength(2);
    expect(plan.searches[1]).toMatchObject({ subjects: ['streamText'] });
  });

  it('is plain JSON, as provider options must be', () => {
    const plan = planQuestion(['What is aspirin?', 'How does it differ from ibuprofen?']);
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
  });
});
