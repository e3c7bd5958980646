import { defineFormat } from '../format';

/** MDX: Markdown without its ESM, JSX and expressions (mdx-syntax.ts); known by its extension only. */
export const mdx = defineFormat({
  name: 'mdx',
  label: 'MDX',
  mediaType: 'text/mdx',
  extensions: ['mdx'],
  heavy: false,
});
