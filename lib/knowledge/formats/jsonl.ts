import { defineFormat } from './format';

/** JSON Lines: one text source per line, read when the request is (sources/read-ingest-request.ts). */
export const jsonl = defineFormat({
  name: 'jsonl',
  label: 'JSON Lines',
  mediaType: 'application/jsonl',
  extensions: ['jsonl', 'ndjson'],
  heavy: false,
  expands: true,
});
