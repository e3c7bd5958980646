'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { PassageDialog } from '@/components/chat/passage-dialog';
import { apiFetch, describeProblem, loadInEffect } from '@/components/client-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ThumbDownIcon, ThumbUpIcon } from '@/components/ui/icons';
import { ASSISTANT_LIMITS } from '@/lib/assistant/assistant-profile';
import { markdownPreview } from '@/lib/markdown-preview';
import type { FeedbackEntry, FeedbackPage, FeedbackRating } from '@/lib/schemas/feedback';
import { requestPanel } from './panel-requests';
import { formatDate } from './types';

const PAGE = 20;

/** A kind of rating, or `uncited`: replies that cite nothing, whatever their rating (knowledge to add). */
type Filter = FeedbackRating | 'all' | 'uncited';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'down', label: 'Bad' },
  { value: 'up', label: 'Good' },
  { value: 'uncited', label: 'Cites nothing' },
];

const QUERIES: Record<Filter, Record<string, string>> = {
  all: {},
  down: { rating: 'down' },
  up: { rating: 'up' },
  uncited: { cited: 'false' },
};
const NONE: Record<Filter, string> = {
  all: 'No ratings yet: people rate a reply with the thumbs under it.',
  down: 'No bad ratings yet.',
  up: 'No good ratings yet.',
  uncited: 'No rated reply cites nothing: every one found something in the knowledge base.',
};

interface Listing {
  entries: FeedbackEntry[];
  counts: FeedbackPage['counts'];
  nextCursor: string | null;
}

/**
 * How people rated the assistant's replies, newest first: each rating with its question, the
 * reply, the comment and the passages the reply cited (which open in their source). A reply rated
 * down that cites nothing is a question the knowledge base could not answer.
 */
export function FeedbackList() {
  const [filter, setFilter] = useState<Filter>('down');
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [opened, setOpened] = useState<{ entry: FeedbackEntry; n: number } | null>(null);
  // The filter on show: a next page that arrives after another filter was chosen belongs to no list.
  const shown = useRef<Filter>(filter);

  const pageOf = useCallback(
    (cursor: string | null, signal?: AbortSignal) =>
      apiFetch<FeedbackPage>(
        `/api/feedback?${new URLSearchParams({ limit: String(PAGE), ...QUERIES[filter], ...(cursor ? { cursor } : {}) })}`,
        { signal },
      ),
    [filter],
  );

  useEffect(
    () =>
      loadInEffect(
        (signal) => pageOf(null, signal),
        (page) => setListing({ entries: page.data, counts: page.counts, nextCursor: page.nextCursor }),
        setError,
      ),
    [pageOf],
  );

  function choose(next: Filter) {
    if (next === filter) return;
    shown.current = next;
    setFilter(next);
    setListing(null);
    setError(null);
  }

  async function more() {
    if (!listing?.nextCursor) return;
    const asked = filter;
    setLoadingMore(true);
    try {
      const page = await pageOf(listing.nextCursor);
      if (shown.current !== asked) return;
      setListing({ entries: [...listing.entries, ...page.data], counts: page.counts, nextCursor: page.nextCursor });
      setError(null);
    } catch (e) {
      if (shown.current === asked) setError(describeProblem(e));
    } finally {
      setLoadingMore(false);
    }
  }

  const citation = opened ? opened.entry.citations[opened.n - 1] : undefined;

  return (
    <section
      aria-labelledby="feedback-heading"
      className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="feedback-list"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="feedback-heading" className="text-base font-semibold">
          Feedback on replies
        </h2>
        {listing ? (
          <p className="text-sm text-muted" data-testid="feedback-counts">
            {listing.counts.up} good · {listing.counts.down} bad
          </p>
        ) : null}
        <div className="ml-auto flex flex-wrap gap-1" role="group" aria-label="Show ratings">
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              size="sm"
              variant={filter === f.value ? 'primary' : 'ghost'}
              aria-pressed={filter === f.value}
              onClick={() => choose(f.value)}
              data-testid={`feedback-filter-${f.value}`}
            >
              {f.label}
            </Button>
          ))}
        </div>
      </div>
      <p className="mt-1 text-sm text-muted">
        What people thought of the answers. A bad reply that cites nothing asked for knowledge you have not added yet.
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {listing && listing.entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted" data-testid="feedback-empty">
          {NONE[filter]}
        </p>
      ) : null}
      {listing && listing.entries.length > 0 ? (
        <ol className="mt-3 space-y-2">
          {listing.entries.map((entry) => (
            <FeedbackItem key={entry.messageId} entry={entry} onOpen={(n) => setOpened({ entry, n })} />
          ))}
        </ol>
      ) : null}
      {listing?.nextCursor ? (
        <Button
          size="sm"
          className="mt-3"
          disabled={loadingMore}
          onClick={() => void more()}
          data-testid="feedback-more"
        >
          {loadingMore ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
      {opened && citation ? (
        <PassageDialog passage={citation} label={`Source ${opened.n}`} onClose={() => setOpened(null)} />
      ) : null}
    </section>
  );
}

function FeedbackItem({ entry, onOpen }: { entry: FeedbackEntry; onOpen: (n: number) => void }) {
  const [whole, setWhole] = useState(false);
  const answer = markdownPreview(entry.answer);
  // A question people found well answered is one to offer others: as a starter (one line).
  const starter = entry.question.replace(/\s+/g, ' ').trim();
  const canOffer = entry.rating === 'up' && starter !== '' && starter.length <= ASSISTANT_LIMITS.starter;
  return (
    <li className="rounded-lg border border-border bg-bg p-3" data-testid="feedback-entry" data-rating={entry.rating}>
      <div className="flex items-start gap-2">
        <span className={entry.rating === 'up' ? 'mt-0.5 text-success' : 'mt-0.5 text-danger'}>
          {entry.rating === 'up' ? <ThumbUpIcon width={16} height={16} /> : <ThumbDownIcon width={16} height={16} />}
          <span className="sr-only">{entry.rating === 'up' ? 'Good reply' : 'Bad reply'}</span>
        </span>
        <div className="min-w-0 flex-1">
          <p dir="auto" className="text-sm font-medium [overflow-wrap:anywhere]" data-testid="feedback-question">
            {entry.question || '(no question)'}
          </p>
          {entry.comment ? (
            <blockquote
              dir="auto"
              className="mt-1 border-l-2 border-border pl-2 text-sm italic [overflow-wrap:anywhere]"
              data-testid="feedback-comment"
            >
              {entry.comment}
            </blockquote>
          ) : null}
          <p
            dir="auto"
            className={`mt-1.5 text-sm text-muted [overflow-wrap:anywhere] ${whole ? '' : 'line-clamp-2'}`}
            data-testid="feedback-answer"
          >
            {answer || '(the reply has no text)'}
          </p>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs">
            {entry.question ? (
              <button
                type="button"
                className="text-accent hover:underline"
                onClick={() => requestPanel('testRetrieval', entry.question)}
                data-testid="feedback-test-retrieval"
              >
                Test retrieval
              </button>
            ) : null}
            {canOffer ? (
              <button
                type="button"
                className="text-accent hover:underline"
                onClick={() => requestPanel('addStarter', starter)}
                data-testid="feedback-offer-starter"
              >
                Use as a starter question
              </button>
            ) : null}
            {answer.length > 160 ? (
              <button
                type="button"
                className="text-accent hover:underline"
                onClick={() => setWhole(!whole)}
                aria-expanded={whole}
              >
                {whole ? 'Show less' : 'Show the whole reply'}
              </button>
            ) : null}
            {entry.citations.length === 0 ? (
              <Badge tone="warning" data-testid="feedback-uncited">
                Cites nothing
              </Badge>
            ) : (
              entry.citations.map((c) => (
                <button
                  key={c.n}
                  type="button"
                  dir="auto"
                  onClick={() => onOpen(c.n)}
                  title="Show this passage in its source"
                  data-testid="feedback-citation"
                  className="max-w-[16rem] truncate rounded-full bg-accent-soft px-2 py-0.5 font-medium text-accent hover:underline"
                >
                  [{c.n}] {c.title}
                </button>
              ))
            )}
            <span className="ml-auto text-muted">
              {formatDate(entry.updatedAt)}
              {entry.model ? ` · ${entry.model}` : ''}
            </span>
          </div>
        </div>
      </div>
    </li>
  );
}
