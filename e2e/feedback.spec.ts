import { addTextSource, ask, expect, test } from './support/fixtures';

// A visitor rates replies under them; the admin reads the ratings with the question, the reply,
// the comment and the cited passage. A run id keeps the questions apart on a reused server.
const RUN = Date.now().toString(36);
const FACTS = [
  `The Quillon ferry (run ${RUN}) leaves the north pier every forty minutes from six in the morning.`,
  'Bicycles travel free on the Quillon ferry, but must be walked on board.',
].join(' ');

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await addTextSource(page, `Quillon ferry timetable ${RUN}`, FACTS);
  await page.close();
});

test('a visitor rates replies; the admin reads each rating with its question, reply, comment and cited passage', async ({
  visitor,
  adminPage,
}) => {
  const { page } = visitor;
  await page.goto('/');
  const often = `How often does the Quillon ferry leave? (${RUN})`;
  const bikes = `Can I take a bicycle on the Quillon ferry? (${RUN})`;
  const first = await ask(page, often);
  const second = await ask(page, bikes);

  // Thumbs down saves at once and asks what was wrong; the comment goes with it.
  await first.getByTestId('rate-down').click();
  await expect(first.getByTestId('rate-down')).toHaveAttribute('aria-pressed', 'true');
  await expect(first.getByTestId('feedback-form')).toContainText('shared with the admins');
  await first.getByTestId('feedback-comment').fill('It should say when the last ferry leaves.');
  await first.getByTestId('feedback-send').click();
  await expect(first.getByTestId('feedback-form')).toHaveCount(0);
  await expect(first.getByTestId('feedback-note')).toContainText('admins will see');
  // Thumbs up on the other; pressing it again takes the rating back, and once more gives it.
  await second.getByTestId('rate-up').click();
  await expect(second.getByTestId('rate-up')).toHaveAttribute('aria-pressed', 'true');
  await second.getByTestId('rate-up').click();
  await expect(second.getByTestId('rate-up')).toHaveAttribute('aria-pressed', 'false');
  await second.getByTestId('rate-up').click();
  await expect(second.getByTestId('rate-up')).toHaveAttribute('aria-pressed', 'true');

  // A rating the server did not take is said so, and the thumb is not left pressed.
  await page.route(/\/feedback$/, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      headers: { 'retry-after': '5' },
      body: JSON.stringify({
        title: 'Service Unavailable',
        status: 503,
        detail: 'The database cannot be reached right now.',
      }),
    }),
  );
  await second.getByTestId('rate-down').click();
  await expect(second.getByTestId('feedback-note')).toContainText('Your rating was not saved');
  await expect(second.getByTestId('rate-down')).toHaveAttribute('aria-pressed', 'false');
  await expect(second.getByTestId('rate-up')).toHaveAttribute('aria-pressed', 'true');
  await expect(second.getByTestId('feedback-form')).toHaveCount(0);
  await page.unroute(/\/feedback$/);

  // The ratings are stored: a reload shows them pressed.
  await page.reload();
  const replies = page.getByTestId('assistant-message');
  await expect(replies.nth(0).getByTestId('rate-down')).toHaveAttribute('aria-pressed', 'true');
  await expect(replies.nth(0).getByTestId('rate-up')).toHaveAttribute('aria-pressed', 'false');
  await expect(replies.nth(1).getByTestId('rate-up')).toHaveAttribute('aria-pressed', 'true');

  // The admin sees bad ratings first, with the comment and the reply's citation, which opens the passage.
  const admin = adminPage;
  await admin.reload();
  const list = admin.getByTestId('feedback-list');
  const bad = list.getByTestId('feedback-entry').filter({ hasText: often });
  await expect(bad).toHaveAttribute('data-rating', 'down');
  await expect(bad.getByTestId('feedback-comment')).toHaveText('It should say when the last ferry leaves.');
  await expect(bad.getByTestId('feedback-answer')).toContainText('forty minutes');
  await expect(list.getByTestId('feedback-entry').filter({ hasText: bikes })).toHaveCount(0);
  // (the citation of the timetable: the knowledge base of a full run holds other ferry rules too)
  await bad.getByTestId('feedback-citation').filter({ hasText: 'Quillon ferry timetable' }).click();
  const dialog = admin.getByTestId('passage-dialog');
  await expect(dialog).toContainText('every forty minutes');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // What would the assistant find for that question now? The test search runs it.
  await bad.getByTestId('feedback-test-retrieval').click();
  await expect(admin.getByTestId('retrieval-query')).toHaveValue(often);
  await expect(admin.getByTestId('retrieval-result').first()).toContainText(`Quillon ferry timetable ${RUN}`);

  // Good ones under their own filter, and both under All.
  await list.getByTestId('feedback-filter-up').click();
  await expect(list.getByTestId('feedback-entry').filter({ hasText: bikes })).toHaveAttribute('data-rating', 'up');
  await expect(list.getByTestId('feedback-entry').filter({ hasText: often })).toHaveCount(0);
  await list.getByTestId('feedback-filter-all').click();
  await expect(list.getByTestId('feedback-entry').filter({ hasText: RUN })).toHaveCount(2);
  await expect(list.getByTestId('feedback-counts')).toContainText(/\d+ good · \d+ bad/);

  // A question the knowledge base has nothing for, rated down, is under Cites nothing; the cited one is not.
  const nothing = `Which moons of Neptune have geysers, ${Math.random().toString(36).slice(2, 10)}?`;
  const unanswered = await ask(page, nothing);
  await expect(unanswered.getByTestId('source-item')).toHaveCount(0);
  await unanswered.getByTestId('rate-down').click();
  await expect(unanswered.getByTestId('rate-down')).toHaveAttribute('aria-pressed', 'true');
  await list.getByTestId('feedback-filter-uncited').click();
  await expect(list.getByTestId('feedback-entry').filter({ hasText: nothing })).toContainText('Cites nothing');
  await expect(list.getByTestId('feedback-entry').filter({ hasText: often })).toHaveCount(0);
});
