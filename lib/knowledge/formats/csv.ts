import { defineFormat } from './format';

/** CSV: one line per row, each cell labelled by its column (parse-tabular.ts); known by its extension only. */
export const csv = defineFormat({
  name: 'csv',
  label: 'CSV',
  mediaType: 'text/csv',
  extensions: ['csv'],
  heavy: false,
});
