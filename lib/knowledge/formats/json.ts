import { defineFormat } from './format';

/** JSON: records as paragraphs of `key: value` pairs (parse-tabular.ts). */
export const json = defineFormat({
  name: 'json',
  label: 'JSON',
  mediaType: 'application/json',
  extensions: ['json'],
  sniff: (text) => {
    const start = text.trimStart();
    if (!start.startsWith('{') && !start.startsWith('[')) return false;
    try {
      JSON.parse(text);
      return 'signature';
    } catch {
      return false;
    }
  },
  heavy: false,
});
