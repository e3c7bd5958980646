import type { Page } from '@playwright/test';
import type { UsageReport } from '@/lib/schemas/usage';
import { ADMIN_KEY, addTextSource, ask, expect, test } from './support/fixtures';

// The admin's usage figures follow what visitors do: their questions are counted on today's bar,
// the replies that cite nothing apart, and the sources the replies cite are ranked. Other specs
// share the server, so this one counts what changes, not totals.
const RUN = Date.now().toString(36);
const TITLE = `Lighthouse visits ${RUN}`;
let sourceId: string;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  sourceId = await addTextSource(
    page,
    TITLE,
    `The Quillon lighthouse (run ${RUN}) opens to visitors on Saturdays from ten until four.`,
  );
  await page.close();
});

const figure = async (page: Page, testId: string) =>
  Number((await page.getByTestId(`${testId}-value`).innerText()).replace(/\D/g, ''));
const uncited = async (page: Page) =>
  Number((await page.getByTestId('usage-cited').innerText()).match(/(\d+) repl(?:y|ies) cited nothing/)![1]);

/** The report the panel shows, read through the API with the browser's own time zone. */
async function reportOf(page: Page, days: number): Promise<UsageReport> {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const res = await page.request.get(`/api/usage?${new URLSearchParams({ days: String(days), timeZone })}`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as UsageReport;
}

test('the usage figures count a visitor’s questions, the replies citing nothing and the sources cited', async ({
  adminPage,
  visitor,
}) => {
  const panel = adminPage.getByTestId('usage-panel');
  await expect(panel.getByTestId('usage-questions-value')).toBeVisible();
  const before = {
    questions: await figure(adminPage, 'usage-questions'),
    conversations: await figure(adminPage, 'usage-conversations'),
    uncited: await uncited(adminPage),
  };

  const { page } = visitor;
  await page.goto('/');
  await expect(await ask(page, `When does the Quillon lighthouse open? (${RUN})`)).toContainText(
    'Saturdays from ten until four',
  );
  await ask(page, `Is the Quillon lighthouse open on Saturdays? (${RUN})`);
  await ask(page, 'thanks!');

  await adminPage.reload();
  await expect(panel.getByTestId('usage-questions-value')).toHaveText(String(before.questions + 3));
  expect(await figure(adminPage, 'usage-conversations')).toBe(before.conversations + 1);
  expect(await uncited(adminPage)).toBe(before.uncited + 1);

  // Both answers cite this run's source: it is ranked with its two replies, unless ten sources of
  // other specs (on a reused server) were cited by as many replies.
  const report = await reportOf(adminPage, 30);
  const mine = report.sources.top.find((s) => s.sourceId === sourceId);
  if (mine) expect(mine).toMatchObject({ title: TITLE, replies: 2, citations: 2 });
  else expect(report.sources.top.map((s) => s.replies >= 2)).toEqual(Array(10).fill(true));
  const listed = panel.getByTestId('usage-source');
  await expect(listed).toHaveCount(report.sources.top.length);
  await expect(panel.getByTestId('usage-source-replies')).toHaveText(
    report.sources.top.map((s) => `${s.replies} ${s.replies === 1 ? 'reply' : 'replies'}`),
  );

  // Today's bar holds at least this visitor's questions; the period buttons change the days shown.
  await expect(panel.getByTestId('usage-chart').locator(':scope > div')).toHaveCount(30);
  await panel.getByTestId('usage-days-7').click();
  await expect(panel.getByTestId('usage-days-7')).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByTestId('usage-chart').locator(':scope > div')).toHaveCount(7);
  await expect(panel.getByTestId('usage-chart').locator(':scope > div').last()).toHaveAttribute(
    'title',
    new RegExp(`: ${(await reportOf(adminPage, 7)).days.at(-1)!.questions} questions?,`),
  );

  // A source of the ranking opens in the sources table.
  const first = report.sources.top[0]!;
  await listed.first().getByRole('button').click();
  await expect(adminPage.getByTestId('source-search')).toHaveValue(first.title.slice(0, 200));
  await expect(adminPage.getByTestId('sources-table').getByText(first.title, { exact: true })).toBeVisible();
});
