import type { Metadata } from 'next';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';

export const metadata: Metadata = { title: 'API reference' };

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const METHOD_STYLE: Record<string, string> = {
  get: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  post: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  put: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  patch: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  delete: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
};

interface Operation {
  method: string;
  path: string;
  op: Json;
}

/** A readable API reference rendered on the server from /api/openapi.json's document. */
export default function DocsPage() {
  const doc = buildOpenApiDocument() as unknown as Json;
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const tags = (doc.tags ?? []) as { name: string; description?: string }[];
  const operations: Operation[] = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Json })),
  );

  return (
    <main className="mx-auto max-w-4xl px-4 py-10 text-zinc-900 dark:text-zinc-100">
      <h1 className="text-3xl font-semibold tracking-tight">API reference</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">
        Base URL <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">/api</code>. Send{' '}
        <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">Authorization: Bearer &lt;API key&gt;</code>. Errors
        are <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">application/problem+json</code> (RFC 9457);
        every response carries <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">X-Request-Id</code>. The
        machine-readable document is at{' '}
        <a className="text-sky-700 underline dark:text-sky-400" href="/api/openapi.json">
          /api/openapi.json
        </a>
        .
      </p>
      <nav aria-label="Sections" className="mt-6 flex flex-wrap gap-2">
        {tags.map((t) => (
          <a
            key={t.name}
            href={`#${t.name}`}
            className="rounded-full border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {t.name}
          </a>
        ))}
      </nav>
      {tags.map((tag) => (
        <section key={tag.name} id={tag.name} className="mt-10" aria-labelledby={`tag-${tag.name}`}>
          <h2 id={`tag-${tag.name}`} className="text-2xl font-semibold capitalize">
            {tag.name}
          </h2>
          {tag.description && (
            <p className="mt-1 text-zinc-600 dark:text-zinc-400">
              <Prose text={tag.description} />
            </p>
          )}
          {operations
            .filter(({ op }) => ((op.tags as string[] | undefined) ?? []).includes(tag.name))
            .map((o) => (
              <OperationCard key={`${o.method} ${o.path}`} {...o} schemas={schemas} />
            ))}
        </section>
      ))}
    </main>
  );
}

function OperationCard({ method, path, op, schemas }: Operation & { schemas: Record<string, Json> }) {
  const deprecated = op.deprecated === true;
  const params = (op.parameters ?? []) as Json[];
  const body = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  const responses = (op.responses ?? {}) as Record<string, Json>;
  return (
    <article className="mt-5 rounded-xl border border-zinc-200 p-5 dark:border-zinc-800" data-testid="docs-operation">
      <h3 className="flex flex-wrap items-center gap-3 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${METHOD_STYLE[method] ?? ''}`}>
          {method}
        </span>
        <span className={`min-w-0 [overflow-wrap:anywhere] ${deprecated ? 'line-through' : ''}`}>/api{path}</span>
        {deprecated && <span className="rounded bg-zinc-200 px-2 py-0.5 text-xs dark:bg-zinc-800">deprecated</span>}
      </h3>
      <p className="mt-2 font-medium">{String(op.summary ?? '')}</p>
      {typeof op.description === 'string' && (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          <Prose text={op.description} />
        </p>
      )}
      {params.length > 0 && (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Parameters</caption>
          <thead>
            <tr className="text-zinc-500">
              <th className="py-1 font-medium">Parameter</th>
              <th className="py-1 font-medium">In</th>
              <th className="py-1 font-medium">Description</th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr key={`${String(p.in)}-${String(p.name)}`} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className="py-1 font-mono">{String(p.name)}</td>
                <td className="py-1">{String(p.in)}</td>
                <td className="py-1">
                  <Prose text={String((p.schema as Json | undefined)?.description ?? p.description ?? '')} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {Object.entries(body).map(([type, media]) => (
        <details key={type} className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium">Request body · {type}</summary>
          <Schema schema={media.schema as Json} schemas={schemas} />
        </details>
      ))}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium">Responses · {Object.keys(responses).join(', ')}</summary>
        <ul className="mt-2 space-y-1">
          {Object.entries(responses).map(([status, r]) => (
            <li key={status}>
              <span className="font-mono">{status}</span> <Prose text={String(r.description ?? '')} />
            </li>
          ))}
        </ul>
      </details>
    </article>
  );
}

function Schema({ schema, schemas }: { schema: Json; schemas: Record<string, Json> }) {
  const ref = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  const resolved = ref ? (schemas[ref] ?? schema) : schema;
  return (
    <pre className="mt-2 overflow-x-auto rounded-lg bg-zinc-50 p-3 text-xs dark:bg-zinc-900">
      {JSON.stringify(resolved, null, 2)}
    </pre>
  );
}

/** A description of the document: its `code` spans (CommonMark, as OpenAPI descriptions are) set as code. */
function Prose({ text }: { text: string }) {
  return text.split(/`([^`]+)`/).map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-zinc-100 px-1 text-[0.9em] [overflow-wrap:anywhere] dark:bg-zinc-800">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
