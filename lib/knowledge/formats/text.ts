import { defineFormat } from './format';

/** Plain text, as written: what a text file without an extension is when no other format claims it. */
export const text = defineFormat({
  name: 'text',
  label: 'text',
  mediaType: 'text/plain',
  extensions: ['txt', 'text'],
  fallback: true,
  heavy: false,
});
