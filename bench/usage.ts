// Usage benchmark, called by bench/run.ts: the admin's usage figures at a year of a busy
// assistant (200,000 messages), in a process and database of their own (bench/usage-scale.ts).
import { runInOwnProcess } from './fresh-database';

export async function runUsageBench({ log }: { log: (line: string) => void }): Promise<Record<string, number>> {
  const figures = await runInOwnProcess('usage-scale.ts', 'bench_usage');
  for (const days of [7, 30, 90, 366]) {
    log(
      `usage report of ${days} days at ${figures.messages} messages: p50 ${figures[`days${days}P50Ms`]?.toFixed(1)} ms, p95 ${figures[`days${days}P95Ms`]?.toFixed(1)} ms`,
    );
  }
  return figures;
}
