import 'server-only';
import type { ChunkOptions } from '../../index/chunk-text';
import { formatOfMediaType } from '../catalog';
import { extractAndChunk } from '../extract-and-chunk';
import type { ReadDocument } from '../extracted-document';
import { parseLimits } from '../parse-limits';
import { PARSERS } from '../parsers';
import { runInPool } from './parse-pool';

/**
 * Files this small are read here, in a few milliseconds at most: a round trip to the
 * thread costs more than that (SciFact's 5,183 abstracts ingested about 10 % slower
 * through it). A heavy format (PDF, DOCX) always goes to the pool.
 */
const INLINE_BYTES = 64 * 1024;

/**
 * Extracts a document's text and chunks it on the parse pool's thread: the event loop stays
 * free for requests while a large file or a heavy format is read (a small light one is read
 * here). A file that takes longer than `timeoutMs` (or its format's own limit, where shorter),
 * or more memory than `heapMb`, ends its thread and fails with an ExtractionError.
 */
export function readDocument(
  bytes: Uint8Array,
  mediaType: string,
  opts: { chunking: ChunkOptions; timeoutMs: number; heapMb: number; address?: string },
): Promise<ReadDocument> {
  const format = formatOfMediaType(mediaType);
  const limits = { ...parseLimits(), heapMb: opts.heapMb };
  if (!format?.heavy && bytes.byteLength <= INLINE_BYTES)
    return extractAndChunk(bytes, mediaType, opts.chunking, { address: opts.address, limits });
  const own = format && PARSERS[format.name].timeLimit?.(limits);
  const time =
    own && own.ms < opts.timeoutMs
      ? { timeoutMs: own.ms, timedOut: own.message }
      : {
          timeoutMs: opts.timeoutMs,
          timedOut: `Reading the file took longer than ${opts.timeoutMs} ms (PARSE_TIMEOUT_MS).`,
        };
  return runInPool(
    { kind: 'read', bytes, mediaType, chunking: opts.chunking, limits, address: opts.address },
    { ...time, heapMb: opts.heapMb },
  );
}
