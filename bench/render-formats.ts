// Renders a Markdown file as the other documents people upload: a web page and a Word file
// (pandoc, from GitHub-flavoured Markdown, as a README shows on GitHub) and a PDF (that page
// printed by Chromium, as "Save as PDF" does). The answers bench asks the README questions
// again over each, so what a parser loses shows as answers lost.
import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright';
import { chromiumPath } from '../scripts/chromium-path.mjs';

export type Format = 'html' | 'pdf' | 'docx';
export const FORMATS: Format[] = ['html', 'pdf', 'docx'];

/** Why the formats cannot be rendered on this machine, or null when they can. */
export function formatsUnavailable(): string | null {
  if (!chromiumPath()) return 'Chromium is not installed (apt-get install -y chromium)';
  try {
    execFileSync('pandoc', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'pandoc is not installed (apt-get install -y pandoc)';
  }
  return null;
}

export interface Renderer {
  render(markdownFile: string, title: string, format: Format): Promise<Uint8Array>;
  close(): Promise<void>;
}

export async function formatRenderer(): Promise<Renderer> {
  let browser: Browser | undefined;
  const pandoc = (file: string, args: string[]) =>
    new Uint8Array(execFileSync('pandoc', ['--quiet', '--from', 'gfm', file, ...args], { maxBuffer: 64 << 20 }));
  const html = (file: string, title: string) =>
    pandoc(file, ['--to', 'html5', '--standalone', '--metadata', `pagetitle=${title}`]);
  return {
    async render(file, title, format) {
      if (format === 'html') return html(file, title);
      if (format === 'docx') return pandoc(file, ['--to', 'docx', '--output', '-']);
      browser ??= await chromium.launch({
        executablePath: chromiumPath(),
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--disable-sync',
          '--disable-quic',
        ],
      });
      const page = await browser.newPage();
      try {
        // A README's badges and pictures live on other hosts, which these machines cannot reach.
        await page.route('**/*', (route) => route.abort());
        await page.setContent(new TextDecoder().decode(html(file, title)), { waitUntil: 'load' });
        return new Uint8Array(
          await page.pdf({ format: 'A4', margin: { top: '2cm', bottom: '2cm', left: '2cm', right: '2cm' } }),
        );
      } finally {
        await page.close();
      }
    },
    async close() {
      await browser?.close();
    },
  };
}
