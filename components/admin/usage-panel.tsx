'use client';

import { useEffect, useState } from 'react';
import { apiFetch, loadInEffect } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import type { UsageReport } from '@/lib/schemas/usage';
import { requestPanel, useSourcesVersion } from './panel-requests';

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

const count = new Intl.NumberFormat('en');
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A report's day (YYYY-MM-DD, already in the admin's time zone) as "Nov 3". */
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const plural = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`;

/**
 * How the assistant is used, per day of the admin's own calendar: conversations, questions, how
 * many replies found something to cite, ratings, and which sources the replies draw on. Counts
 * only (GET /api/usage): no one's questions are shown here.
 */
export function UsagePanel() {
  const [days, setDays] = useState<Period>(30);
  const [report, setReport] = useState<UsageReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A deleted source leaves the ranking.
  const sourcesVersion = useSourcesVersion();

  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return loadInEffect(
      (signal) =>
        apiFetch<UsageReport>(`/api/usage?${new URLSearchParams({ days: String(days), timeZone })}`, { signal }),
      (next) => {
        setReport(next);
        setError(null);
      },
      setError,
    );
  }, [days, sourcesVersion]);

  const shown = report?.days.length === days ? report : null;

  return (
    <section
      aria-labelledby="usage-heading"
      className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="usage-panel"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="usage-heading" className="text-base font-semibold">
          Usage
        </h2>
        {shown ? (
          <p className="text-sm text-muted">
            {formatDay(shown.from)} – {formatDay(shown.to)}
          </p>
        ) : null}
        <div className="ml-auto flex gap-1" role="group" aria-label="Period">
          {PERIODS.map((p) => (
            <Button
              key={p}
              size="sm"
              variant={days === p ? 'primary' : 'ghost'}
              aria-pressed={days === p}
              onClick={() => setDays(p)}
              data-testid={`usage-days-${p}`}
            >
              {p} days
            </Button>
          ))}
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {shown ? <UsageReportView report={shown} /> : error ? null : <p className="mt-3 text-sm text-muted">Counting…</p>}
    </section>
  );
}

/** One period's figures, chart and cited sources. */
export function UsageReportView({ report }: { report: UsageReport }) {
  const { totals, sources } = report;
  // Replies that ended as they should; of those, the ones that found something to cite.
  const answered = totals.replies - totals.failed - totals.stopped;
  const cited = answered - totals.uncited;
  const tokens = totals.inputTokens + totals.outputTokens;
  return (
    <>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Conversations" value={count.format(totals.conversations)} testId="usage-conversations" />
        <Figure label="Questions" value={count.format(totals.questions)} testId="usage-questions" />
        <Figure
          label="Answered from sources"
          value={answered > 0 ? `${Math.round((100 * cited) / answered)}%` : '—'}
          note={`${plural(totals.uncited, 'reply', 'replies')} cited nothing`}
          testId="usage-cited"
        />
        <Figure
          label="Ratings"
          value={`${count.format(totals.ratedUp)} good`}
          note={`${count.format(totals.ratedDown)} bad`}
          testId="usage-ratings"
        />
        <Figure
          label="Failed or stopped"
          value={count.format(totals.failed + totals.stopped)}
          note={`${count.format(totals.failed)} failed · ${count.format(totals.stopped)} stopped`}
          testId="usage-failed"
        />
        <Figure
          label="Tokens"
          value={tokens > 0 ? compact.format(tokens) : '—'}
          note={
            tokens > 0
              ? `${compact.format(totals.inputTokens)} in · ${compact.format(totals.outputTokens)} out`
              : 'none reported'
          }
          testId="usage-tokens"
        />
      </dl>
      <DailyChart report={report} />
      <div className="mt-4">
        <h3 className="text-sm font-medium">Most cited sources</h3>
        {sources.top.length === 0 ? (
          sources.deleted === 0 ? (
            <p className="mt-1 text-sm text-muted" data-testid="usage-sources-empty">
              No reply of this period cites a source yet.
            </p>
          ) : null
        ) : (
          <ol className="mt-2 space-y-1.5" data-testid="usage-sources">
            {sources.top.map((s) => (
              <li key={s.sourceId} className="flex items-center gap-3 text-sm" data-testid="usage-source">
                <button
                  type="button"
                  dir="auto"
                  onClick={() => requestPanel('findSource', s.title)}
                  title="Show this source in the table above"
                  className="min-w-0 flex-1 truncate text-left text-accent hover:underline"
                >
                  {s.title}
                </button>
                <span
                  className="hidden h-1.5 w-32 overflow-hidden rounded-full bg-surface-2 sm:block"
                  aria-hidden="true"
                >
                  <span
                    className="block h-full rounded-full bg-accent"
                    style={{ width: `${(100 * s.replies) / sources.top[0]!.replies}%` }}
                  />
                </span>
                <span className="w-24 shrink-0 text-right tabular-nums text-muted" data-testid="usage-source-replies">
                  {plural(s.replies, 'reply', 'replies')}
                </span>
              </li>
            ))}
          </ol>
        )}
        {sources.deleted > 0 ? (
          <p className="mt-2 text-sm text-muted" data-testid="usage-sources-deleted">
            {deletedNote(sources.deleted, sources.top.length > 0)}
          </p>
        ) : null}
        <p className="mt-2 text-sm text-muted" data-testid="usage-never-cited">
          {sources.ready === 0
            ? 'No source is ready to be searched yet.'
            : `${count.format(sources.neverCited)} of ${plural(sources.ready, 'ready source')} cited by no reply in this period.`}
        </p>
      </div>
    </>
  );
}

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-border bg-bg px-3 py-2" data-testid={testId}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </dd>
      {note ? <dd className="text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

/** Questions per day, the part whose reply cited nothing shaded apart; a table says the same to a screen reader. */
function DailyChart({ report }: { report: UsageReport }) {
  const most = Math.max(0, ...report.days.map((d) => d.questions));
  const describe = (d: UsageReport['days'][number]) =>
    `${formatDay(d.date)}: ${plural(d.questions, 'question')}, ${plural(d.uncited, 'reply', 'replies')} citing nothing`;
  return (
    <figure className="mt-4">
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
        <span className="font-medium text-fg">Questions per day</span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-accent" aria-hidden="true" /> questions
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-warning" aria-hidden="true" /> of which the reply cited nothing
        </span>
        <span className="ml-auto tabular-nums">most in a day: {count.format(most)}</span>
      </figcaption>
      <div
        className="mt-2 flex h-28 items-end gap-px border-b border-border"
        aria-hidden="true"
        data-testid="usage-chart"
      >
        {report.days.map((d) => (
          <div key={d.date} className="flex h-full min-w-0 flex-1 flex-col justify-end" title={describe(d)}>
            {d.questions > 0 ? (
              <div
                className="flex flex-col overflow-hidden rounded-t-sm"
                style={{ height: `${(100 * d.questions) / Math.max(1, most)}%` }}
              >
                <div className="bg-warning" style={{ flexGrow: Math.min(d.uncited, d.questions) }} />
                <div className="bg-accent" style={{ flexGrow: d.questions - Math.min(d.uncited, d.questions) }} />
              </div>
            ) : null}
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{formatDay(report.from)}</span>
        <span>{formatDay(report.to)}</span>
      </div>
      <table className="sr-only">
        <caption>Questions per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Questions</th>
            <th scope="col">Replies citing nothing</th>
          </tr>
        </thead>
        <tbody>
          {report.days
            .filter((d) => d.questions > 0 || d.replies > 0)
            .map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatDay(d.date)}</th>
                <td>{d.questions}</td>
                <td>{d.uncited}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The cited sources deleted since: named apart, so a period whose replies cite sources never says that none does. */
function deletedNote(deleted: number, listed: boolean): string {
  const one = deleted === 1;
  if (listed) return `${plural(deleted, 'more cited source')} ${one ? 'has' : 'have'} since been deleted.`;
  return one
    ? 'The source this period’s replies cite has since been deleted.'
    : `The ${count.format(deleted)} sources this period’s replies cite have since been deleted.`;
}
