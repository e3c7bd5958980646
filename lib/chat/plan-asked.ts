import 'server-only';
import type { Reach } from '@/lib/access';
import { planQuestion, withCorrections, type QuestionPlan } from '@/lib/ai/question-plan';
import { correctSpelling } from '@/lib/knowledge/index';

/**
 * The plan for the last of a conversation's questions (see `planQuestion`), made of the questions
 * as corrected when the index, within what the asker may read, lacks a telling word of theirs but
 * holds a near one (see `correctSpelling`: one round trip for all the words). `searchedFor`: the
 * question as searched for, when a word of it was corrected, to show the asker.
 */
export async function planAsked(
  questions: readonly string[],
  reach: Reach,
): Promise<{ plan: QuestionPlan; searchedFor?: string }> {
  const plan = planQuestion(questions);
  if (plan.smallTalk || plan.tellingWords.length === 0) return { plan };
  const corrections = await correctSpelling(plan.tellingWords, reach);
  if (corrections.length === 0) return { plan };
  const question = questions.at(-1) ?? '';
  const searchedFor = withCorrections(question, corrections);
  return { plan: planQuestion(questions, corrections), ...(searchedFor === question ? {} : { searchedFor }) };
}
