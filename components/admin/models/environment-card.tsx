import type { EnvironmentRow } from './environment';

/** The model settings the environment sets, read-only (change them in the environment and restart). */
export function EnvironmentCard({ rows }: { rows: EnvironmentRow[] }) {
  return (
    <section
      aria-labelledby="environment-heading"
      className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="environment-card"
    >
      <h2 id="environment-heading" className="text-base font-semibold">
        Environment
      </h2>
      <p className="mt-1 text-sm text-muted">Settings read at start; change them in the environment and restart.</p>
      <dl className="mt-3 divide-y divide-border text-sm">
        {rows.map((row) => (
          <div key={row.name} className="flex flex-wrap gap-x-3 gap-y-0.5 py-2" data-testid="environment-row">
            <dt className="w-40 shrink-0 font-mono text-xs leading-5">{row.name}</dt>
            <dd className="min-w-0 flex-1">
              <span className="break-all font-mono text-xs" data-testid={`environment-${row.name}`}>
                {row.value}
              </span>
              <span className="block text-muted">{row.note}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
