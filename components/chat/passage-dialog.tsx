'use client';

import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ApiProblem, fetchSourceText, loadInEffect } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { escapeRegExp } from '@/lib/escape-reg-exp';
import { MARK_ELEMENTS, markSegments, type TextMark } from './remark-marks';
import { describeLocation, type CitationLocation } from './types';

const SourceMarkdown = lazy(() => import('./markdown').then((m) => ({ default: m.SourceMarkdown })));

/** A passage of a source: a citation (with the snippet it quotes) or a search hit; without a location, the whole source. */
export interface Passage {
  sourceId: string;
  title: string;
  location?: CitationLocation;
  /** The source's generation `location` indexes (citations stored before it was recorded have none). */
  generation?: number;
  snippet?: string;
}

type Source =
  | { state: 'loading' }
  | { state: 'found'; text: string; markdown: boolean; generation: number | null }
  | { state: 'gone' }
  | { state: 'unavailable' };

/** Longer text is shown as plain text: rendering Markdown that long would hold the page up. */
const MARKDOWN_CHARS = 300_000;

function trimEllipsis(s: string) {
  return s.replace(/^[\s.…]+|[\s.…]+$/g, '');
}

/** Where the snippet sits in the text (from `from` on), ignoring how whitespace was collapsed in the snippet. */
function locate(text: string, snippet: string, from = 0): { start: number; end: number } | null {
  const words = snippet.split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const pattern = new RegExp(words.map(escapeRegExp).join('\\s+'), 'g');
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

/**
 * The whole source a passage comes from, scrolled to the passage, which is tinted, with the
 * snippet a citation quotes marked inside it. Its offsets index the source's text as ingested
 * (GET /api/knowledge/sources/{id}/text) in the passage's generation. A source replaced since
 * loses the passage's place: the snippet is then looked for anywhere in it. Without a generation
 * (older citations) a source counts as changed when the snippet is no longer within the passage's
 * range. A source deleted since is said to be gone. Without a location (the admin page's view of
 * a source), the whole text from its start, nothing marked. `alternate` is another view of the
 * source the dialog can switch to (the admin page's chunks).
 */
export function PassageDialog({
  passage,
  label,
  onClose,
  alternate,
}: {
  passage: Passage;
  label: string;
  onClose: () => void;
  alternate?: { label: string; content: React.ReactNode };
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState<Source>({ state: 'loading' });
  const [showing, setShowing] = useState<'text' | 'alternate'>('text');

  useEffect(
    () =>
      loadInEffect(
        (signal) => fetchSourceText(passage.sourceId, signal),
        (found) => setSource({ state: 'found', ...found }),
        (_, e) => setSource({ state: e instanceof ApiProblem && e.status === 404 ? 'gone' : 'unavailable' }),
      ),
    [passage.sourceId],
  );

  const snippet = trimEllipsis(passage.snippet ?? '');
  const text = source.state === 'found' ? source.text : '';
  const served = source.state === 'found' ? source.generation : null;
  const marks = useMemo((): TextMark[] | null => {
    if (!text) return null;
    if (!passage.location) return NO_MARKS;
    const { start, end } = passage.location;
    const quoted = snippet ? locate(text, snippet, start) : null;
    const within = quoted && quoted.end <= end ? quoted : null;
    const known = passage.generation !== undefined && served !== null;
    // The passage is where it was cited, unless the source has changed since.
    const unchanged = known ? passage.generation === served : !snippet || within !== null;
    if (unchanged && end <= text.length) {
      return [{ start, end, kind: 'passage' }, ...(within ? [{ ...within, kind: 'snippet' as const }] : [])];
    }
    const anywhere = snippet ? locate(text, snippet) : null;
    return anywhere ? [{ ...anywhere, kind: 'snippet' }] : null;
  }, [text, served, snippet, passage.location, passage.generation]);

  // Scrolled to the snippet (or the passage) once it is on screen: the Markdown view loads lazily.
  useEffect(() => {
    if (source.state !== 'found' || !passage.location) return;
    const scroll = () => {
      // The quoted words if they are marked, else the passage: within a long passage (rows of a table) the quote may be far below its start.
      const el =
        body.current?.querySelector('[data-testid="passage-highlight"]') ??
        body.current?.querySelector('[data-passage]');
      el?.scrollIntoView({ block: 'center' });
      return Boolean(el);
    };
    if (scroll()) return;
    const observer = new MutationObserver(() => scroll() && observer.disconnect());
    if (body.current) observer.observe(body.current, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [source.state, passage.location]);

  const where = describeLocation(passage);
  const quote = passage.snippet ? (
    <blockquote className="mb-4 border-l-4 border-accent pl-3">{passage.snippet}</blockquote>
  ) : null;
  const loading = (
    <p className="flex items-center gap-2 text-muted">
      <Spinner /> Loading the source…
    </p>
  );
  let content: React.ReactNode = null;
  if (source.state === 'loading') {
    content = loading;
  } else if (source.state === 'gone' || source.state === 'unavailable') {
    content = (
      <>
        <p className="mb-3 text-sm text-warning">
          {source.state === 'gone'
            ? 'This source is no longer in the knowledge base.'
            : 'The source’s text cannot be shown right now.'}
          {passage.snippet ? ' The cited snippet:' : ''}
        </p>
        {quote}
      </>
    );
  } else {
    const changed = passage.location !== undefined && (marks === null || marks.every((m) => m.kind !== 'passage'));
    content = (
      <>
        {changed && passage.snippet ? (
          <>
            <p className="mb-3 text-sm text-warning" data-testid="passage-changed">
              This source has changed since the answer was written.{' '}
              {marks === null ? 'The cited snippet:' : 'The cited words are marked below.'}
            </p>
            {marks === null ? quote : null}
          </>
        ) : changed ? (
          <p className="mb-3 text-sm text-warning" data-testid="passage-changed">
            This source has changed since it was searched: the passage may be elsewhere now.
          </p>
        ) : null}
        {source.markdown && text.length <= MARKDOWN_CHARS ? (
          <Suspense fallback={loading}>
            <SourceMarkdown text={text} marks={marks ?? NO_MARKS} />
          </Suspense>
        ) : (
          <PlainText text={text} marks={marks ?? NO_MARKS} />
        )}
      </>
    );
  }

  return (
    <Modal
      dialogRef={ref}
      onClose={onClose}
      aria-labelledby="passage-title"
      data-testid="passage-dialog"
      className="max-h-[88vh] w-[min(94vw,48rem)] overflow-hidden p-0"
    >
      <div className="flex items-start justify-between gap-3 border-b border-border px-5 py-4">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-muted">{label}</p>
          <h2 id="passage-title" dir="auto" className="truncate text-base font-semibold" data-testid="passage-title">
            {passage.title}
          </h2>
          {where ? <p className="text-sm text-muted">{where}</p> : null}
          {alternate ? (
            <div
              role="group"
              aria-label="Show"
              className="mt-2 inline-flex rounded-lg border border-border p-0.5 text-sm"
            >
              {(['text', 'alternate'] as const).map((view) => (
                <button
                  key={view}
                  type="button"
                  aria-pressed={showing === view}
                  onClick={() => setShowing(view)}
                  className={`rounded-md px-2.5 py-0.5 ${showing === view ? 'bg-surface-2 font-medium text-fg' : 'text-muted hover:text-fg'}`}
                >
                  {view === 'text' ? 'Text' : alternate.label}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={() => ref.current?.close()}>
          <CloseIcon />
        </Button>
      </div>
      <div
        ref={body}
        className="max-h-[68vh] overflow-y-auto px-5 py-4 text-sm leading-relaxed [&_.prose-chat>:first-child]:mt-0"
        data-testid="passage-text"
        tabIndex={0}
        aria-label={
          showing === 'alternate' && alternate
            ? `${passage.title}, ${alternate.label.toLowerCase()}`
            : `${passage.title}, the whole source`
        }
      >
        {showing === 'alternate' && alternate ? alternate.content : content}
      </div>
    </Modal>
  );
}

const NO_MARKS: TextMark[] = [];

/** The text as written, with the same marks as the Markdown view. */
function PlainText({ text, marks }: { text: string; marks: TextMark[] }) {
  const pieces = markSegments(0, text.length, marks).map(({ start, end, passage, snippet }) => {
    let piece: React.ReactNode = text.slice(start, end);
    if (snippet)
      piece = (
        <mark data-testid="passage-highlight" className={MARK_ELEMENTS.snippet.hProperties.className.join(' ')}>
          {piece}
        </mark>
      );
    if (passage)
      piece = (
        <span data-passage="" className={MARK_ELEMENTS.passage.hProperties.className.join(' ')}>
          {piece}
        </span>
      );
    return <span key={start}>{piece}</span>;
  });
  return <p className="whitespace-pre-wrap">{pieces}</p>;
}
