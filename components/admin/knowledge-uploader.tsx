'use client';

import { useRef, useState } from 'react';
import { describeProblem, reach } from '@/components/client-api';
import { UploadIcon } from '@/components/ui/icons';
// Descriptors only: the formats' parsers stay on the server.
import { ACCEPT } from '@/lib/knowledge/formats/catalog';
import { PasteForm, UrlForm } from './add-source-forms';
import { CrawlForm } from './crawl-form';
import { latestSource } from './source-store';
import { UploadItem, type Upload } from './upload-item';
import { announceSourcesChanged } from './panel-requests';
import { isIngesting, type Source } from './types';
import { CollectionSelect, defaultTarget, useCollections } from './use-collections';
import { uploadProblem, xhrUpload } from './xhr-upload';

function firstSource(body: unknown): Source | null {
  const b = body as Source | { data?: Source[] } | null;
  if (b && 'data' in b && Array.isArray(b.data)) return b.data[0] ?? null;
  return b && 'id' in b ? (b as Source) : null;
}

/** Adds knowledge: files (drop or pick, several at once), a URL, or pasted text. */
export function KnowledgeUploader() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { collections } = useCollections();
  const [picked, setPicked] = useState('');
  const editable = (collections ?? []).filter((c) => c.canEdit);
  // The collection new sources go to: the one picked, else the default (or first) one the viewer edits.
  const target = editable.some((c) => c.id === picked) ? picked : defaultTarget(collections);

  const update = (key: string, patch: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  async function uploadFile(file: File) {
    const key = crypto.randomUUID();
    setUploads((all) => [
      { key, name: file.name, size: file.size, sent: 0, source: null, duplicate: false, error: null },
      ...all,
    ]);
    const form = new FormData();
    form.append('file', file, file.name);
    if (target) form.append('collectionId', target);
    try {
      const result = await xhrUpload({
        url: '/api/knowledge/sources',
        method: 'POST',
        form,
        onProgress: (sent) => update(key, { sent }),
      });
      if (result.status >= 400) return update(key, { error: uploadProblem(result) });
      update(key, { sent: 1, source: firstSource(result.body), duplicate: result.status === 200 });
      announceSourcesChanged();
    } catch (e) {
      update(key, { error: describeProblem(e) });
    }
  }

  // An upload is done once it failed or its source is no longer being ingested.
  const done = (u: Upload) => u.error !== null || (u.source !== null && !isIngesting(latestSource(u.source)));
  const clearDone = () => setUploads((all) => all.filter((u) => !done(u)));

  function addFiles(files: FileList | File[]) {
    // One request per file, so each shows its own progress and its own error.
    for (const file of Array.from(files)) void uploadFile(file);
  }

  /** POSTs a JSON body to the sources (in the target collection): the problem in words, or the answer. */
  async function postJson(body: object): Promise<{ problem: string } | { status: number; parsed: unknown }> {
    try {
      const res = await reach('/api/knowledge/sources', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(target ? { ...body, collectionId: target } : body),
      });
      const parsed: unknown = await res.json().catch(() => null);
      if (!res.ok)
        return {
          problem: uploadProblem({
            status: res.status,
            body: parsed,
            retryAfter: Number(res.headers.get('retry-after')) || null,
          }),
        };
      return { status: res.status, parsed };
    } catch (e) {
      return { problem: describeProblem(e) };
    }
  }

  async function addJson(name: string, body: object): Promise<string | null> {
    const answer = await postJson(body);
    if ('problem' in answer) return answer.problem;
    const source = firstSource(answer.parsed);
    const duplicate = answer.status === 200;
    setUploads((all) => [{ key: crypto.randomUUID(), name, size: 0, sent: 1, source, duplicate, error: null }, ...all]);
    announceSourcesChanged();
    return null;
  }

  // A crawl is followed in the crawls panel, which the announcement reloads.
  async function startCrawl(body: object): Promise<string | null> {
    const answer = await postJson(body);
    if ('problem' in answer) return answer.problem;
    announceSourcesChanged();
    return null;
  }

  return (
    <section aria-labelledby="add-knowledge" className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="add-knowledge" className="text-base font-semibold">
          Add knowledge
        </h2>
        {editable.length > 0 ? (
          <CollectionSelect
            id="upload-collection"
            label="To collection"
            value={target}
            onChange={setPicked}
            collections={editable}
            testId="upload-collection"
          />
        ) : null}
      </div>
      <div
        data-testid="dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          addFiles(e.dataTransfer.files);
        }}
        className={`mt-3 flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-7 text-center ${dragging ? 'border-accent bg-accent-soft' : 'border-border bg-bg'}`}
      >
        <UploadIcon width={22} height={22} className="text-muted" />
        <p className="text-sm">
          Drop files here or{' '}
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="font-medium text-accent underline underline-offset-2"
          >
            choose files
          </button>
        </p>
        <p className="text-xs text-muted">PDF, DOCX, Markdown, MDX, HTML, text, CSV, JSON — several at once</p>
        <label htmlFor="file-input" className="sr-only">
          Files to add
        </label>
        <input
          id="file-input"
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          data-testid="file-input"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            if (e.target.files) addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      <div className="mt-4 grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <UrlForm onSubmit={(url, refresh) => addJson(url, refresh ? { url, refresh } : { url })} />
        <CrawlForm onSubmit={(body) => startCrawl(body.refresh ? body : { crawl: body.crawl })} />
        <div className="lg:col-span-2">
          <PasteForm onSubmit={(title, text) => addJson(title || 'Pasted text', { title: title || undefined, text })} />
        </div>
      </div>
      {uploads.length ? (
        <div className="mt-4">
          <div className="mb-2 flex items-center justify-between">
            <h3 id="recent-uploads" className="text-sm font-medium text-muted">
              Recent uploads
            </h3>
            <button
              type="button"
              onClick={clearDone}
              className="rounded-md px-2 py-1 text-sm text-accent hover:bg-accent-soft"
              data-testid="clear-uploads"
            >
              Clear finished
            </button>
          </div>
          <ul className="space-y-2" aria-labelledby="recent-uploads" data-testid="upload-list">
            {uploads.map((u) => (
              <UploadItem key={u.key} upload={u} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
