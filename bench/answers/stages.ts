// BENCH_ANSWERS_ONLY=tydi,next runs only those stages of the answers bench; the corpora a chosen stage's knowledge
// base holds in a full run are still uploaded, so its figures compare with a full run's.

/** The stages over the docs' growing knowledge base, in the order they run. */
const docsStages = ['docs', 'unanswerable', 'follow-ups', 'next', 'readme', 'formats', 'tables'];
/** Every stage; a name not here is refused, so a misspelt one does not silently run nothing. */
const stages = [...docsStages, 'tydi', 'office'];

const only = process.env.BENCH_ANSWERS_ONLY?.split(',').map((s) => s.trim());
const unknown = only?.filter((s) => !stages.includes(s));
if (unknown?.length) throw new Error(`BENCH_ANSWERS_ONLY: no stage ${unknown.join(', ')} (stages: ${stages.join(', ')})`);

/** Whether the stage's questions are asked. */
export const runs = (stage: string) => !only || only.includes(stage);
/** Whether the stage or a later one over the docs' knowledge base runs: its corpus is then uploaded. */
export const needs = (stage: string) => docsStages.slice(docsStages.indexOf(stage)).some(runs);
