// The parse pool's thread (see parse-pool.ts): parsing and chunking a large file is seconds of
// synchronous work (a 17 MB HTML page: 3 s; PDF.js on a long PDF more) that would stall every
// request, stream and timer of the process. Loaded by piscina with tsx (TypeScript and the `@/`
// paths), under the react-server condition.
import { extractAndChunk } from '../extract-and-chunk';
import { ExtractionError } from '../extracted-document';
import { readPdfPages } from '../pdf/read-pdf-pages';
import { markPoolThread, type ParseReply, type ParseResults, type ParseTask } from './parse-tasks';

markPoolThread();

async function run(task: ParseTask): Promise<ParseResults[ParseTask['kind']]> {
  switch (task.kind) {
    case 'read':
      return extractAndChunk(task.bytes, task.mediaType, task.chunking, {
        address: task.address,
        limits: task.limits,
      });
    case 'pdf-pages':
      return readPdfPages(task.bytes, task.maxPages, task.ocr);
  }
}

/** One task; its failure comes back as data, so an ExtractionError keeps its kind across the thread. */
export default async function parseTask(task: ParseTask): Promise<ParseReply> {
  try {
    return { result: await run(task) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return { error: { message: e.message, extraction: e instanceof ExtractionError, stack: e.stack } };
  }
}
