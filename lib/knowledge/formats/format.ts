// What a file format is, told in data: the catalog (client-safe) lists these descriptors, the
// parsers (server) read their bytes. Nothing here imports anything.

/** A format as the upload form, the API's lists and the sniffer see it. */
export interface FormatDescriptor {
  /** The registry's key: also the parser's (parsers.ts). */
  name: string;
  /** The first cell of its row in docs/configuration.md's formats table. */
  label: string;
  /** The media type a source of this format is stored with. */
  mediaType: string;
  /** Without the dot, lower case; the first one is the one the 415 message names. */
  extensions: readonly string[];
  /** A binary format: known by its first bytes, whatever the file's name. */
  magic?: BinarySignature;
  /**
   * A text format told by its content when the file has no extension: `signature` when the
   * text says so itself (`<!doctype html`), `hint` when it only looks so (a heading line).
   */
  sniff?: (text: string) => 'signature' | 'hint' | false;
  /** Read as plain text when no other text format claims a file without an extension. */
  fallback?: boolean;
  /** Its parsing is CPU and memory heavy: it runs in the parse pool, however small the file. */
  heavy: boolean;
  /** Sources are not stored in it: it is read into other sources when uploaded (JSON Lines). */
  expands?: boolean;
}

export interface BinarySignature {
  /** The bytes the file opens with, as Latin-1 characters (any of several, where a list). */
  bytes: string | readonly string[];
  /** What such a file is called in a refusal: "a PDF". */
  noun: string;
  /** A container format (ZIP) holding other kinds too: true, or why this one is refused. */
  confirm?: (bytes: Uint8Array) => true | string;
}

/** The descriptor as written, with its literal name kept for the parsers' map. */
export const defineFormat = <const D extends FormatDescriptor>(descriptor: D): D => descriptor;
