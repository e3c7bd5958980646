import { FileIcon } from '@/components/ui/icons';
import { markdownPreview } from '@/lib/markdown-preview';
import { describeLocation, isRestricted, RESTRICTED_LABEL, type Citation } from './types';

/** The sources under a reply, numbered like the [n] markers; each opens its passage. */
export function SourceList({ citations, onOpen }: { citations: Citation[]; onOpen: (index: number) => void }) {
  if (!citations.length) return null;
  return (
    <div className="mt-3" data-testid="source-list">
      <h3 className="mb-1.5 text-xs font-medium uppercase tracking-wide text-muted">Sources</h3>
      <ol className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
        {citations.map((c, i) =>
          isRestricted(c) ? (
            <li key={`restricted-${i}`}>
              <p
                data-testid="source-restricted"
                className="flex w-full items-start gap-2 rounded-lg border border-dashed border-border px-2.5 py-2 text-sm text-muted"
              >
                <span className="mt-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded bg-surface-2 px-1 text-[11px] font-semibold">
                  {i + 1}
                </span>
                <span className="min-w-0 flex-1 italic">{RESTRICTED_LABEL}</span>
              </p>
            </li>
          ) : (
            <li key={`${c.chunkId}-${i}`}>
              <button
                type="button"
                data-testid="source-item"
                onClick={() => onOpen(i + 1)}
                className="flex w-full items-start gap-2 rounded-lg border border-border bg-surface px-2.5 py-2 text-left text-sm hover:border-accent"
              >
                <span className="mt-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded bg-accent-soft px-1 text-[11px] font-semibold text-accent">
                  {i + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5 font-medium">
                    <FileIcon width={14} height={14} className="shrink-0 text-muted" />
                    <span dir="auto" className="truncate" data-testid="source-title">
                      {c.title}
                    </span>
                  </span>
                  {/* (where in its source, else what it says: passages of a file without headings or pages, rows of a table, tell apart) */}
                  {describeLocation(c) || c.snippet ? (
                    <span dir="auto" className="block truncate text-xs text-muted" data-testid="source-where">
                      {describeLocation(c) || markdownPreview(c.snippet)}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
