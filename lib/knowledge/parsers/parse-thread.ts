// The document reader's thread (see parse-thread-client.ts): parsing and chunking a large
// file is seconds of synchronous work (a 17 MB HTML page: 3 s) that would stall every
// request, stream and timer of the process. One file at a time; the client kills and
// replaces the thread when a file takes too long or needs too much memory.
// Started by Node with tsx (TypeScript and the `@/` paths), under the react-server condition.
import { parentPort } from 'node:worker_threads';
import type { ChunkOptions } from '../index/chunk-text';
import { ExtractionError } from './extracted-document';
import { extractAndChunk, type ReadDocument } from './read-document';

export interface ParseJob {
  id: number;
  bytes: Uint8Array;
  mediaType: string;
  chunking: ChunkOptions;
  address?: string;
}

export type ParseReply =
  ({ id: number } & ReadDocument) | { id: number; error: { message: string; extraction: boolean; stack?: string } };

parentPort!.on('message', async ({ id, bytes, mediaType, chunking, address }: ParseJob) => {
  let reply: ParseReply;
  try {
    reply = { id, ...(await extractAndChunk(bytes, mediaType, chunking, address)) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    reply = { id, error: { message: e.message, extraction: e instanceof ExtractionError, stack: e.stack } };
  }
  parentPort!.postMessage(reply);
});
