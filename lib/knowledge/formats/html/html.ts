import { defineFormat } from '../format';

/** HTML, uploaded or fetched: its main content as Markdown (parse-html.ts). */
export const html = defineFormat({
  name: 'html',
  label: 'HTML (file or URL)',
  mediaType: 'text/html',
  extensions: ['html', 'htm'],
  sniff: (text) => {
    const start = text.trimStart().slice(0, 200).toLowerCase();
    return (start.startsWith('<!doctype html') || start.startsWith('<html')) && 'signature';
  },
  heavy: false,
});
