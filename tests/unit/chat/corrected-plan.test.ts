import { describe, expect, it } from 'vitest';
import { readLocalModelInput } from '@/lib/ai/local/local-model-input';
import { modelInput } from '@/lib/ai/prompt/model-input';
import { planQuestion } from '@/lib/ai/question-plan';

const corrections = [{ word: 'expences', correction: 'expenses' }];

describe('a plan with corrections', () => {
  it('is the plan of the corrected question, and carries the corrections', () => {
    const plan = planQuestion(['How are Expences paid back?'], corrections);
    expect(plan).toMatchObject({
      question: 'How are Expenses paid back?',
      query: 'How are Expenses paid back?',
      searches: [{ query: 'How are Expenses paid back?' }],
      corrections,
    });
    expect(plan.tellingWords).toContain('expenses');
    expect(plan.tellingWords).not.toContain('expences');
    // A follow-up's earlier question is read corrected too.
    expect(planQuestion(['What about expences?', 'and its limit?'], corrections).query).not.toMatch(/expences/);
  });

  it('tells a hosted model in one line what was searched for, and the local model the corrections', () => {
    const input = modelInput({ sources: [], plan: planQuestion(['how are expences paid back?'], corrections) });
    expect(input.system).toContain(
      'Words of the question that the knowledge base lacks were searched for as: "how are expenses paid back?"',
    );
    expect(readLocalModelInput(input.providerOptions.local)?.plan.corrections).toEqual(corrections);
    expect(modelInput({ sources: [], plan: planQuestion(['how are expenses paid back?']) }).system).not.toMatch(
      /searched for/,
    );
  });
});
