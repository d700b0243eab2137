import { expect, test, type Browser, type Page } from '../support/test.js';
import { confirmItIsYou, logIn } from '../support/accounts.js';
import { PNG_IMAGE, zipWithOneFile } from '../support/files.js';

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_IMAGE });

test('a seller uploads a game, it stays private until the admin approves it, then visitors find it everywhere', async ({
  browser,
  page,
}) => {
  const title = `Nebula Drift ${Date.now().toString(36)}`;
  const slug = title.replace(/\s+/g, '-');

  // The seller fills the three steps of the wizard.
  const seller = await signedInPage(browser, 'seller@example.com', 'seller12345');
  await seller.goto('/userPanel/user-upload-product');
  await seller.getByLabel('Title (English)').fill(title);
  await seller.getByRole('textbox', { name: 'Description (English)' }).fill('Arcade space racer with drifting physics.');
  await seller.getByLabel('Keywords (English)').fill('space, racing , drift');
  await seller.getByLabel('Type').selectOption('Games');
  await seller.getByRole('combobox', { name: /^Category/ }).selectOption('Unity');
  await seller.getByLabel('Sub Category').selectOption('Racing');
  await seller.getByRole('textbox', { name: 'Features' }).fill('Twelve tracks, ghost replays, leaderboards.');
  await seller.getByLabel('Feature Image').setInputFiles(image('feature.png'));
  await seller.getByLabel('Thumbnail').setInputFiles(image('thumb.png'));
  await seller.getByRole('button', { name: 'Next Step' }).click();

  await seller.getByLabel('Live Preview').fill('https://example.com/nebula-drift');
  await seller.getByLabel('Product File').setInputFiles({
    name: 'nebula-drift.zip',
    mimeType: 'application/zip',
    buffer: zipWithOneFile('README.md', '# Nebula Drift source'),
  });
  await seller.getByLabel('Single App License (USD)').fill('19.99');
  await seller.getByRole('button', { name: 'Next Step' }).click();

  await seller.getByLabel('Multi App License (USD)').fill('49.99');
  await seller.getByLabel('Author Studio Name').fill('Nebula Works');
  await seller.getByRole('button', { name: 'Submit' }).click();
  await expect(seller.getByText('Product uploaded successfully!')).toBeVisible();
  await seller.getByRole('button', { name: 'OK' }).click();
  await expect(seller.getByLabel('Title (English)')).toHaveValue('');

  // Pending: a visitor cannot open it, and the address answers 404 (a crawler is not told it is a page).
  const pending = await page.goto(`/downloads/${slug}`);
  expect(pending?.status()).toBe(404);
  await expect(page.getByText(/not found/i).first()).toBeVisible();

  // The admin approves it from the pending list.
  const admin = await signedInPage(browser, 'admin@example.com', 'admin12345');
  await admin.goto('/adminPanel/manage-pending-products');
  const row = admin.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: /Approve/ }).click();
  await expect(admin.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // Now public: on the home page, in its browse tab, in search, and on its detail page.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Newly Uploaded Games' }).getByText(title).first()).toBeAttached();

  await page.goto('/browse-game');
  await page.getByRole('tab', { name: /Racing/ }).click();
  await expect(page.getByRole('tabpanel').getByText(title).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Search games' }).fill(title.split(' ').slice(0, 2).join(' '));
  const suggestion = page.getByRole('option', { name: new RegExp(title) });
  await expect(suggestion).toBeVisible();
  await suggestion.click();

  await expect(page).toHaveURL(new RegExp(`/downloads/${slug}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('$19.99').first()).toBeVisible();
  await page.getByLabel('Multi App License').check();
  await expect(page.getByText('$49.99').first()).toBeVisible();
});

test('the admin deletes a product after confirming, and it is gone', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin@example.com', 'admin12345');
  await admin.goto('/adminPanel/manage-pending-products');
  const firstRow = admin.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const title = (await firstRow.getByRole('rowheader').innerText()).split('\n')[0]!.trim();

  await firstRow.getByRole('button', { name: /Delete/ }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  await expect(dialog.getByText("You won't be able to revert this!")).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  await confirmItIsYou(admin, 'admin12345');

  await expect(admin.getByText('Deleted!')).toBeVisible();
  await expect(admin.getByText('This game deleted successfully.')).toBeVisible();
  await admin.getByRole('button', { name: 'OK' }).click();
  await expect(admin.getByRole('rowheader', { name: title })).toHaveCount(0);
});
