import 'server-only';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Reach } from '@/lib/access';
import { searchKnowledge } from '@/lib/knowledge/search';
import { getSourceOrThrow, readSourceTextRange } from '@/lib/knowledge/sources';
import { getSourceInput, readSourceInput, searchKnowledgeInput } from '@/lib/schemas/mcp';
import { runTool } from './tool-result';

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

/**
 * search_knowledge, get_source and read_source: the knowledge endpoints' own functions, within
 * `reach` (what the key may read, applied in their SQL). A source outside it is "No source with
 * that id.", exactly as one that does not exist.
 */
export function registerKnowledgeTools(
  server: McpServer,
  { reach, requestId }: { reach: () => Promise<Reach>; requestId: string },
) {
  server.registerTool(
    'search_knowledge',
    {
      title: 'Search the knowledge base',
      description:
        'Hybrid (keyword + semantic) search over the documents this key may read, the same retrieval the assistant answers from. ' +
        'Returns the best passages, each with its text, the title and id of its source (`sourceId`), its `chunkId`, a relevance ' +
        '`score` and its `location` (headings, PDF page, and `start`/`end` character offsets into the source text that read_source pages through).',
      inputSchema: searchKnowledgeInput(),
      annotations: readOnly,
    },
    runTool('search_knowledge', requestId, async ({ query, k, sourceId }) => {
      const scope = await reach();
      if (sourceId) await getSourceOrThrow(sourceId, scope);
      return { results: await searchKnowledge({ query, k, sourceId, reach: scope }) };
    }),
  );

  server.registerTool(
    'get_source',
    {
      title: 'Describe a source',
      description:
        'A source (a document of the knowledge base) by id: its title, kind (file, text or url), address or file name, media type, ' +
        'size, ingestion status (pending, processing, ready, failed), chunk count, collection, metadata and when it was created and updated.',
      inputSchema: getSourceInput(),
      annotations: readOnly,
    },
    runTool('get_source', requestId, async ({ sourceId }) => ({
      ...(await getSourceOrThrow(sourceId, await reach())),
    })),
  );

  server.registerTool(
    'read_source',
    {
      title: 'Read a source’s text',
      description:
        'The text of a source as it was ingested (Markdown for most formats), `length` characters from `offset`. Returns `text`, ' +
        '`totalLength` and `nextOffset` (null at the end): call again with `offset: nextOffset` to read on. The offsets are those of ' +
        'search results’ `location`, so `offset: location.start` reads from a passage on.',
      inputSchema: readSourceInput(),
      annotations: readOnly,
    },
    runTool('read_source', requestId, async ({ sourceId, offset, length }) => ({
      sourceId,
      ...(await readSourceTextRange(sourceId, await reach(), { offset, length })),
    })),
  );
}
