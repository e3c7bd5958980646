import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { ExtractionError, expandsTooMuch } from '../extracted-document';

/**
 * Refuses a PDF whose Flate streams inflate to more than `maxBytes` together, before PDF.js
 * reads it: PDF.js inflates a stream whole into one growing buffer, outside the heap limit of
 * its thread, so a 1 MB file can take GBs. Here zlib inflates each stream a piece at a time,
 * off the event loop, and the pieces are counted and dropped. Every stream that opens with a
 * zlib header is measured, whatever its dictionary says (PDF.js reads a stream as its page's
 * contents whatever the dictionary calls it); one whose inflated bytes are zlib data again
 * (`[/FlateDecode /FlateDecode]`) is inflated again, each pass counted.
 */
export async function measurePdfStreams(bytes: Uint8Array, maxBytes: number): Promise<void> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const budget = { left: maxBytes, maxBytes };
  for (let at = pdf.indexOf('stream'); at !== -1; at = pdf.indexOf('stream', at + 6)) {
    if (pdf.toString('latin1', Math.max(0, at - 3), at) === 'end') continue;
    let start = at + 6;
    while (start < pdf.length && start < at + 8 && (pdf[start] === 0x0d || pdf[start] === 0x0a)) start++;
    const end = pdf.indexOf('endstream', start);
    const data = pdf.subarray(start, end === -1 ? pdf.length : end);
    if (!isZlibHeader(data)) continue;
    const small = data.byteLength <= SMALL_STREAM ? inflateSmall(data, budget) : undefined;
    if (small && !isZlibHeader(small)) continue;
    await drain(inflate(Readable.from([small ?? data]), budget), budget, small ? 2 : 1);
  }
}

/**
 * Most streams are a few KB (a page's contents, a font's widths), and inflating them with
 * one call is twenty times faster than streaming them; they inflate to 16 MB at most.
 */
const SMALL_STREAM = 16 * 1024;

/** A small stream inflated at once; undefined where it is damaged (streamed then: what comes before the damage counts). */
function inflateSmall(data: Uint8Array, budget: Budget): Buffer | undefined {
  try {
    const out = zlib.inflateRawSync(data.subarray(2), {
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      maxOutputLength: Math.max(1, budget.left + 1),
    });
    budget.left -= out.byteLength;
    if (budget.left < 0) throw expandsTooMuch(budget.maxBytes);
    return out;
  } catch (error) {
    if (error instanceof RangeError || error instanceof ExtractionError) throw expandsTooMuch(budget.maxBytes);
    return undefined;
  }
}

interface Budget {
  left: number;
  maxBytes: number;
}

/** The two bytes PDF.js's FlateStream accepts: deflate, a valid check, no preset dictionary. */
function isZlibHeader(data: Uint8Array): boolean {
  const [cmf, flg] = data;
  return cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && ((cmf << 8) + flg) % 31 === 0 && !(flg & 0x20);
}

/**
 * What a zlib stream inflates to, piece by piece, each counted. PDF.js checks no checksum and
 * keeps what a damaged or cut stream gave up to the damage, and so does this.
 */
async function* inflate(source: Readable, budget: Budget): AsyncGenerator<Buffer> {
  const inflater = zlib.createInflateRaw({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 1024 * 1024 });
  const output = pipeline(source, skip(2), inflater, () => {});
  try {
    for await (const piece of output as AsyncIterable<Buffer>) {
      budget.left -= piece.byteLength;
      if (budget.left < 0) throw expandsTooMuch(budget.maxBytes);
      yield piece;
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
  }
}

/** Reads the pieces to the end; ones opening with a zlib header are inflated again (at most four passes in all). */
async function drain(pieces: AsyncIterable<Buffer>, budget: Budget, depth: number): Promise<void> {
  const iterator = pieces[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  while (length < 2) {
    const next = await iterator.next();
    if (next.done) return;
    head.push(next.value);
    length += next.value.byteLength;
  }
  const rest = async function* () {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  };
  if (depth < 4 && isZlibHeader(Buffer.concat(head)))
    return drain(inflate(Readable.from(rest()), budget), budget, depth + 1);
  for await (const _piece of rest());
}

/** A stream that drops its first `count` bytes (the zlib header; the deflate data follows). */
function skip(count: number) {
  let left = count;
  return async function* (source: AsyncIterable<Buffer>) {
    for await (const piece of source) {
      const rest = piece.subarray(Math.min(left, piece.byteLength));
      left -= piece.byteLength - rest.byteLength;
      if (rest.byteLength) yield rest;
    }
  };
}
