'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field';
import { useSubmission, type Submit } from './add-source-forms';
import { RefreshSelect } from './refresh-select';
import type { RefreshInterval } from './types';

/** POST /api/knowledge/sources's crawl form: `{crawl: {...}, refresh}` (the collection is added by the caller). */
export interface CrawlRequestBody {
  crawl: { url: string; scope: 'prefix' | 'host'; maxPages?: number; include?: string[]; exclude?: string[] };
  refresh: RefreshInterval | null;
}

/** One glob a line, blank lines dropped. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** One of the crawl's URL pattern lists: a glob a line. */
function GlobsField(props: {
  name: 'include' | 'exclude';
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `crawl-${props.name}`;
  return (
    <>
      <label htmlFor={id} className="mt-2 block text-xs font-medium">
        {props.label}
      </label>
      <textarea
        id={id}
        rows={2}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby="crawl-globs-hint"
        className={`${fieldClass} mt-1 resize-y font-mono`}
        data-testid={id}
      />
    </>
  );
}

/** Crawl a site: its start address, how far it goes, how often it is refreshed, and (folded away) URL patterns. */
export function CrawlForm({ onSubmit }: { onSubmit: Submit<[CrawlRequestBody]> }) {
  const [url, setUrl] = useState('');
  const [scope, setScope] = useState<'prefix' | 'host'>('prefix');
  const [maxPages, setMaxPages] = useState('');
  const [refresh, setRefresh] = useState<RefreshInterval | null>(null);
  const [include, setInclude] = useState('');
  const [exclude, setExclude] = useState('');
  const [started, setStarted] = useState<string | null>(null);
  const { error, busy, run } = useSubmission(onSubmit, () => {
    setStarted(url.trim());
    setUrl('');
  });

  function submit() {
    const pages = Number.parseInt(maxPages, 10);
    const crawl: CrawlRequestBody['crawl'] = { url: url.trim(), scope };
    if (Number.isFinite(pages)) crawl.maxPages = pages;
    if (lines(include).length) crawl.include = lines(include);
    if (lines(exclude).length) crawl.exclude = lines(exclude);
    void run({ crawl, refresh });
  }

  return (
    <form
      className="rounded-lg border border-border bg-bg p-3"
      data-testid="crawl-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor="crawl-url" className="text-sm font-medium">
        Crawl a site
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="crawl-url"
          type="url"
          required
          placeholder="https://example.com/docs/"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-describedby="crawl-hint"
          className={fieldClass}
          data-testid="crawl-url"
        />
        <Button type="submit" variant="primary" disabled={busy || !url.trim()} data-testid="crawl-submit">
          Crawl
        </Button>
      </div>
      <p id="crawl-hint" className="mt-1 text-xs text-muted">
        Each page found becomes a source of its own.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor="crawl-scope" className="text-sm text-muted">
            Scope
          </label>
          <select
            id="crawl-scope"
            value={scope}
            onChange={(e) => setScope(e.target.value as 'prefix' | 'host')}
            className="h-9 rounded-lg border border-border bg-bg px-2 text-sm"
            data-testid="crawl-scope"
          >
            <option value="prefix">Pages under this path</option>
            <option value="host">Whole host</option>
          </select>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="crawl-max-pages" className="text-sm text-muted">
            Max pages
          </label>
          <input
            id="crawl-max-pages"
            type="number"
            inputMode="numeric"
            min={1}
            max={10_000}
            placeholder="500"
            value={maxPages}
            onChange={(e) => setMaxPages(e.target.value)}
            className="h-9 w-24 rounded-lg border border-border bg-bg px-2 text-sm outline-none focus:border-accent"
            data-testid="crawl-max-pages"
          />
        </div>
        <RefreshSelect id="crawl-refresh" value={refresh} onChange={setRefresh} testId="crawl-refresh" />
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted hover:text-fg">URL patterns</summary>
        <p id="crawl-globs-hint" className="mt-1 text-xs text-muted">
          One glob a line: <code>*</code> is any run of characters but <code>/</code>, <code>**</code> any run; a
          pattern starting with <code>/</code> matches the path.
        </p>
        <GlobsField
          name="include"
          label="Only pages matching"
          placeholder="/docs/**"
          value={include}
          onChange={setInclude}
        />
        <GlobsField
          name="exclude"
          label="Never pages matching"
          placeholder="/docs/archive/**"
          value={exclude}
          onChange={setExclude}
        />
      </details>
      {error ? (
        <p role="alert" className="mt-2 text-xs text-danger" data-testid="crawl-error">
          {error}
        </p>
      ) : started ? (
        <p role="status" className="mt-2 break-all text-xs text-muted" data-testid="crawl-started">
          Crawl of {started} started: follow it under Crawls.
        </p>
      ) : null}
    </form>
  );
}
