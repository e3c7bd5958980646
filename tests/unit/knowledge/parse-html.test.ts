import { describe, expect, it } from 'vitest';
import { chunkText } from '@/lib/knowledge/chunk-text';
import { parseHtml } from '@/lib/knowledge/parsers/parse-html';

const page = (body: string) => `<!doctype html><html><head><title>Plans</title></head><body>${body}</body></html>`;

describe('parseHtml tables', () => {
  it('writes a table with a header row as a Markdown table, whose header follows its rows into every chunk', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `<tr><th scope="row">Plan ${i}</th><td>${i * 5} GB</td><td>a | b</td></tr>`).join('');
    const { text } = parseHtml(page(`<h1>Plans</h1><p>Every plan and its storage.</p><table><thead><tr><th>Plan</th><th>Storage</th><th>Note</th></tr></thead><tbody>${rows}</tbody></table><p>Prices change yearly.</p>`));
    const header = '| Plan | Storage | Note |\n| --- | --- | --- |';
    expect(text).toContain(`${header}\n| Plan 0 | 0 GB | a \\| b |\n| Plan 1 | 5 GB | a \\| b |`);
    expect(text).toMatch(/\| Plan 29 \| 145 GB \| a \\\| b \|\n\nPrices change yearly\.$/);
    const chunks = chunkText(text, { targetTokens: 40, overlapTokens: 0 });
    const below = chunks.filter((c) => c.text.startsWith('| Plan ') && !c.text.includes('---'));
    expect(below.length).toBeGreaterThan(1);
    for (const c of below) expect(c.location.tableHeader).toBe(header);
  });

  it('writes a table without header cells a row a line, cells apart', () => {
    const { text } = parseHtml(page('<table><tr><td>Oslo</td><td>700000</td></tr><tr><td></td><td></td></tr><tr><td>Bergen</td><td>285000</td></tr></table>'));
    expect(text).toBe('Oslo | 700000\n\nBergen | 285000');
  });
});
