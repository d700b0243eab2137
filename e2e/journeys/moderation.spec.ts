import { expect, test, type Browser, type Page } from '../support/test.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { logIn } from '../support/accounts.js';
import { apiAs } from '../support/commerce.js';
import { zipWithOneFile } from '../support/files.js';
import { approveAsAdmin, newAccountApi, uploadProduct } from '../support/panels.js';

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

async function expectNoAxeViolationsAtBothWidths(page: Page, where: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${where} at ${width} px`);
  }
}

test('the admin requests changes with a reason and a note, and the seller sees them on Manage Products and in the bell', async ({
  browser,
  baseURL,
}) => {
  const title = `Reasoned Quest ${Date.now().toString(36)}`;
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Rhea Seller');
  expect((await uploadProduct(sellerApi, title)).status).toBe('Pending');
  const sellerPage = await signedInPage(browser, seller.email, seller.password);

  const admin = await signedInPage(browser, 'admin@example.com', 'admin12345');
  await admin.goto('/adminPanel/manage-pending-products');
  const row = admin.getByRole('table', { name: 'Pending products' }).getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Request changes' }).click();
  const dialog = admin.getByRole('dialog', { name: `Request changes: ${title}` });
  const reason = dialog.getByRole('combobox', { name: 'Reason' });
  await expect(reason).toBeFocused();
  await expectNoAxeViolationsAtBothWidths(admin, 'the reason dialog');
  // Sending without a reason says so and sends nothing.
  await dialog.getByRole('button', { name: 'Request changes' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
  await reason.selectOption('Incomplete or broken source');
  await dialog.getByRole('textbox', { name: /Note to the seller/ }).fill('The archive misses the level files.');
  await dialog.getByRole('button', { name: 'Request changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  // Its row gone, focus lands on the page's heading rather than the top of the document.
  await expect(admin.getByRole('heading', { level: 1 })).toBeFocused();

  // The seller's bell counted it without a reload; Manage Products shows the status, reason and note.
  await expect(sellerPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await sellerPage.getByRole('link', { name: new RegExp(`^Unread: Changes requested on ${title}`) }).click();
  await expect(sellerPage).toHaveURL(/\/userPanel\/user-uploaded-products$/);
  const mine = sellerPage.getByRole('row').filter({ hasText: title });
  await expect(mine.getByText('Changes requested', { exact: true }).first()).toBeVisible();
  await expect(mine).toContainText('Reason: Incomplete or broken source');
  await expect(mine).toContainText('Note: The archive misses the level files.');
  await expectNoAxeViolationsAtBothWidths(sellerPage, '/userPanel/user-uploaded-products');
});

test("a seller's edit of an approved product waits for the admin while the store keeps the old title", async ({ browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const title = `Steady Runner ${stamp}`;
  const newTitle = `Steady Runner Deluxe ${stamp}`;
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Sid Seller');
  const product = await uploadProduct(sellerApi, title);
  await approveAsAdmin(baseURL!, product._id);

  // The seller renames it in the edit dialog.
  const sellerPage = await signedInPage(browser, seller.email, seller.password);
  await sellerPage.goto('/userPanel/user-uploaded-products');
  await sellerPage.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Edit product' }).click();
  const edit = sellerPage.getByRole('dialog', { name: 'Edit Product' });
  await edit.getByLabel('Title (English)').fill(newTitle);
  await edit.getByRole('button', { name: 'Update Product' }).click();
  const done = sellerPage.getByRole('dialog', { name: 'Product uploaded successfully!' });
  await expect(done).toContainText('Your changes were sent for review. The live listing stays as it is until an admin approves them.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(sellerPage.getByRole('row').filter({ hasText: title })).toContainText('Your changes are waiting for review.');

  // The store still shows the old title.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/downloads/${title.replaceAll(' ', '-')}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The admin sees the change old → new and approves it.
  const admin = await signedInPage(browser, 'admin@example.com', 'admin12345');
  await admin.goto('/adminPanel/manage-pending-products');
  const changes = admin.getByRole('region', { name: 'Pending changes' });
  const change = changes.getByRole('article', { name: title });
  const titleRow = change.getByRole('row', { name: /Title \(English\)/ });
  await expect(titleRow.getByRole('cell').nth(0)).toHaveText(title);
  await expect(titleRow.getByRole('cell').nth(1)).toHaveText(newTitle);
  await expectNoAxeViolationsAtBothWidths(admin, '/adminPanel/manage-pending-products with a pending change');
  await change.getByRole('button', { name: 'Approve changes' }).click();
  await expect(change).toHaveCount(0);

  // Right after, the store shows the new title.
  await visitor.goto(`/downloads/${newTitle.replaceAll(' ', '-')}`);
  await expect(visitor.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();

  // The admin's product view lists the decision.
  await admin.goto('/adminPanel/manage-products');
  await admin.getByRole('row').filter({ hasText: newTitle }).getByRole('button', { name: 'View' }).click();
  const view = admin.getByRole('dialog', { name: 'Product Details' });
  await expect(view.getByRole('region', { name: 'Moderation history' })).toContainText('Changes approved by');
  await expectNoAxeViolationsAtBothWidths(admin, 'the admin product view');
});

test('the admin views a pending listing as buyers will see it, and its seller sees it marked as not public', async ({
  browser,
  baseURL,
}) => {
  const title = `Preview Quest ${Date.now().toString(36)}`;
  const path = `/downloads/${title.replaceAll(' ', '-')}`;
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Pia Seller');
  expect((await uploadProduct(sellerApi, title)).status).toBe('Pending');

  // Visitors never reach it.
  const visitor = await (await browser.newContext()).newPage();
  expect((await visitor.goto(path))?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Game not found' })).toBeVisible();

  const admin = await signedInPage(browser, 'admin@example.com', 'admin12345');
  const sellerPage = await signedInPage(browser, seller.email, seller.password);
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.goto('/adminPanel/manage-pending-products');
    const row = admin.getByRole('table', { name: 'Pending products' }).getByRole('row').filter({ hasText: title });
    await row.getByRole('link', { name: 'View' }).click();
    await expect(admin).toHaveURL(new RegExp(`${path}$`));
    await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(admin.getByTestId('not-public')).toContainText('Pending review — not public');
    await expect(admin.getByText(`${title}, made for a journey.`)).toBeVisible();
    await expect(admin.getByText('$49.99').first()).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Google Play', exact: true })).toBeVisible();
    await expectNoAxeViolations(admin, `a pending listing viewed by an admin at ${width} px`);

    await sellerPage.setViewportSize({ width, height: 900 });
    await sellerPage.goto(path);
    await expect(sellerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(sellerPage.getByTestId('not-public')).toContainText('Pending review — not public');
    await expectNoAxeViolations(sellerPage, `one's own pending listing at ${width} px`);
  }
});

test('a new version sent after a change request is the archive the admin sees and approves, not the one with the secret', async ({
  browser,
  baseURL,
}) => {
  const title = `Clean Again ${Date.now().toString(36)}`;
  const { api: sellerApi } = await newAccountApi(baseURL!, 'Cal Seller');
  const product = await uploadProduct(sellerApi, title, 19, zipWithOneFile('.env', 'DB_PASSWORD=hunter2'));
  const adminApi = await apiAs(baseURL!, 'admin@example.com', 'admin12345');
  const asked = await adminApi.put(`/api/product/request-changes/${product._id}`, {
    data: { reason: 'Other', note: 'Remove the .env file' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const form = new FormData();
  form.append('version', '1.0.1');
  form.append('changelog', '<p>Removed the .env file</p>');
  form.append(
    'sourceCode',
    new File([new Uint8Array(zipWithOneFile('README.md', `# ${title}`))], 'source.zip', { type: 'application/zip' }),
  );
  const published = await sellerApi.post(`/api/product/${product._id}/releases`, { multipart: form });
  expect(published.status(), await published.text()).toBe(201);

  // Back in Pending, its row shows the new archive's checks.
  const admin = await signedInPage(browser, 'admin@example.com', 'admin12345');
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.goto('/adminPanel/manage-pending-products');
    const row = admin.getByRole('table', { name: 'Pending products' }).getByRole('row').filter({ hasText: title });
    await expect(row.getByText('Archive of version 1.0.1: no secrets found.')).toBeVisible({ timeout: 20_000 });
    await expect(row).not.toContainText('1.0.0');
    await expectNoAxeViolations(admin, `/adminPanel/manage-pending-products with a replaced archive at ${width} px`);
  }
  const row = admin.getByRole('table', { name: 'Pending products' }).getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);

  // The store serves exactly that archive: 1.0.0, with the secret, is gone.
  const releases = (await (await adminApi.get(`/api/product/${product._id}/releases`)).json()) as Array<{
    version: string;
    status: string;
  }>;
  expect(releases.map((release) => `${release.version} ${release.status}`)).toEqual(['1.0.1 Approved']);
  await adminApi.dispose();
});
