// What a message asks, analysed once per turn (see question-plan.ts); retrieval and both models read it.
export {
  planQuestion,
  retrievalQuery,
  type AskedQuestion,
  type PlannedSearch,
  type QuestionPlan,
  type SpellingCorrection,
  withCorrections,
} from './question-plan';
export { outsideKnowledge } from './outside-knowledge';
export { namePattern, subjectColumns, titles } from './compared-subjects';
