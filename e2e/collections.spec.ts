import { expect, test } from './support/fixtures';

// Collections and groups on the knowledge manager, as an admin sets them up.

test('an admin makes a group and a collection, adds text to it, filters by it, and deletes it with its source', async ({
  adminPage: page,
}) => {
  const stamp = Date.now();
  await page.getByTestId('group-name').fill(`Editors ${stamp}`);
  await page.getByTestId('group-create').click();
  await expect(page.getByTestId('group-row').filter({ hasText: `Editors ${stamp}` })).toContainText('0 members');
  // Its members are picked from everyone with an account (none on this server yet), and saved.
  await page
    .getByTestId('group-row')
    .filter({ hasText: `Editors ${stamp}` })
    .getByTestId('group-members')
    .click();
  const members = page.getByTestId('members-dialog');
  await expect(members.getByRole('status')).toHaveText(/^0 chosen of \d+$/);
  await members.getByTestId('members-save').click();
  await expect(members).toHaveCount(0);

  await page.getByTestId('collection-new').click();
  const dialog = page.getByTestId('collection-dialog');
  await dialog.getByTestId('collection-name').fill(`Handbook ${stamp}`);
  await dialog.getByTestId('visibility-members').check();
  await dialog.getByTestId('editors').getByLabel(`Editors ${stamp}`).check();
  await dialog.getByTestId('collection-save').click();
  const row = page.getByTestId('collection-row').filter({ hasText: `Handbook ${stamp}` });
  await expect(row).toContainText('Members');
  await expect(row).toContainText(`Editors ${stamp}`);

  await page.getByTestId('upload-collection').selectOption({ label: `Handbook ${stamp}` });
  await page.getByTestId('paste-title').fill(`Leave policy ${stamp}`);
  await page.getByTestId('paste-text').fill(`Everyone has 30 days of leave a year. Run ${stamp}.`);
  await page.getByTestId('paste-submit').click();
  await expect(page.getByTestId('upload-item').filter({ hasText: `Leave policy ${stamp}` })).toHaveAttribute(
    'data-phase',
    'ready',
    { timeout: 30_000 },
  );

  await page.getByTestId('collection-filter').selectOption({ label: `Handbook ${stamp}` });
  const sources = page.getByTestId('source-row');
  await expect(sources).toHaveCount(1);
  await expect(sources.first()).toContainText(`Leave policy ${stamp}`);
  await expect(sources.first().getByTestId('source-collection')).toHaveText(`Handbook ${stamp}`);
  await expect(row).toContainText('1');
  await page.screenshot({ path: 'test-results/collections-admin.png', fullPage: true });

  await row.getByTestId('collection-delete').click();
  const confirm = page.getByRole('dialog', { name: `Delete “Handbook ${stamp}”?` });
  await expect(confirm).toContainText('Its source and all their chunks will be deleted');
  await confirm.getByRole('button', { name: 'Delete collection and sources' }).click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('collection-filter').selectOption({ label: 'All' });
  await expect(page.getByTestId('source-row').filter({ hasText: `Leave policy ${stamp}` })).toHaveCount(0);
});
