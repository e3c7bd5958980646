// The document reader's thread (see parse-thread-client.ts): parsing and chunking a large
// file is seconds of synchronous work (a 17 MB HTML page: 3 s) that would stall every
// request, stream and timer of the process. One file at a time; the client kills and
// replaces the thread when a file takes too long or needs too much memory.
// Started by Node with tsx (TypeScript and the `@/` paths), under the react-server condition.
import { parentPort } from 'node:worker_threads';
import { chunkText, type ChunkOptions } from '../chunk-text';
import { extractDocument } from './extract-document';
import { ExtractionError } from './extracted-document';

export interface ParseJob {
  id: number;
  bytes: Uint8Array;
  mediaType: string;
  chunking: ChunkOptions;
}

export type ParseReply =
  | { id: number; title?: string; chunks: ReturnType<typeof chunkText> }
  | { id: number; error: { message: string; extraction: boolean; stack?: string } };

parentPort!.on('message', async ({ id, bytes, mediaType, chunking }: ParseJob) => {
  let reply: ParseReply;
  try {
    const doc = await extractDocument(bytes, mediaType);
    reply = { id, title: doc.title, chunks: chunkText(doc.text, { ...chunking, pageStarts: doc.pageStarts }) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    reply = { id, error: { message: e.message, extraction: e instanceof ExtractionError, stack: e.stack } };
  }
  parentPort!.postMessage(reply);
});
