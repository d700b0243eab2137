import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, test } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { zipWithOneFile } from '../support/files.js';
import { approveAsAdmin, buyOne, newAccountApi, uploadProduct } from '../support/panels.js';

test('a seller publishes 1.1.0, the admin approves it, and the buyer downloads the new bytes and sees both versions', async ({
  browser,
  baseURL,
}) => {
  const title = `Versioned Quest ${Date.now().toString(36)}`;
  const slug = title.replaceAll(' ', '-');
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Vera Seller');
  const product = await uploadProduct(sellerApi, title);
  await approveAsAdmin(baseURL!, product._id);
  const { api: buyerApi, person: buyer } = await newAccountApi(baseURL!, 'Bo Buyer');
  await buyOne(buyerApi, product._id);

  // The seller publishes a new version from Manage Products.
  const sellerPage = await (await browser.newContext()).newPage();
  await logIn(sellerPage, seller.email, seller.password);
  await expect(sellerPage).toHaveURL(/\/$/);
  await sellerPage.goto('/userPanel/user-uploaded-products');
  await sellerPage.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'New version' }).click();
  const dialog = sellerPage.getByRole('dialog', { name: `New version of ${title}` });
  await dialog.getByRole('textbox', { name: 'Version', exact: true }).fill('1.1.0');
  await dialog.getByRole('textbox', { name: 'Engine version' }).fill('Unity 2022.3 LTS');
  const changelog = dialog.getByRole('textbox', { name: 'Changelog' });
  await changelog.click();
  await changelog.pressSequentially('Android SDK 35 support');
  const newBytes = zipWithOneFile('README.md', `# ${title} 1.1.0`);
  await dialog.getByLabel('Archive').setInputFiles({ name: 'quest-1.1.0.zip', mimeType: 'application/zip', buffer: newBytes });
  await dialog.getByRole('button', { name: 'Publish version' }).click();
  await expect(sellerPage.getByText('Version 1.1.0 was sent for review. Buyers get it once an admin approves it.')).toBeVisible();

  // Until an admin approves it, buyers still get 1.0.0.
  const purchasesBefore = await buyerApi.get('/api/purchase/allPurchases');
  expect((await purchasesBefore.json())[0].products[0].versions.map((version: { version: string }) => version.version)).toEqual(['1.0.0']);

  // The buyer is on the store, signed in, when the version comes out.
  const buyerPage = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await logIn(buyerPage, buyer.email, buyer.password);
  await expect(buyerPage).toHaveURL(/\/$/);
  await expect(buyerPage.getByRole('button', { name: 'Notifications' })).toBeVisible();

  // The admin reviews it beside the pending products and approves it.
  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, 'admin@example.com', 'admin12345');
  await expect(adminPage).toHaveURL(/\/$/);
  await adminPage.goto('/adminPanel/manage-pending-products');
  const entry = adminPage.getByRole('region', { name: 'Pending versions' }).getByRole('listitem').filter({ hasText: title });
  await expect(entry).toContainText('version 1.1.0');
  for (const width of [375, 1280]) {
    await adminPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(adminPage, `/adminPanel/manage-pending-products at ${width} px`);
  }
  await entry.getByRole('button', { name: 'Approve' }).click();
  await expect(entry).toHaveCount(0);

  // The buyer's bell counted the notice without a reload; the purchases show the update, and the download holds the new bytes.
  await expect(buyerPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await buyerPage.getByRole('link', { name: new RegExp(`^Unread: ${title} 1\\.1\\.0 is out`) }).click();
  await expect(buyerPage).toHaveURL(/\/userPanel\/purchases$/);
  await expect(buyerPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  // The seller, still on their page, heard of both decisions: the product's and the version's.
  await expect(sellerPage.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  const row = buyerPage.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Updated')).toBeVisible();
  await expect(row).toContainText('newest 1.1.0');
  const [download] = await Promise.all([
    buyerPage.waitForEvent('download'),
    row.getByRole('link', { name: 'Download', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${slug}-1.1.0.zip`);
  expect((await readFile(await download.path())).equals(newBytes)).toBe(true);

  // The product page names the version and lists both in its Versions tab.
  await buyerPage.goto(`/downloads/${slug}`);
  await expect(buyerPage.getByText(/^Version 1\.1\.0 · updated/)).toBeVisible();
  await buyerPage.getByRole('tab', { name: 'Versions' }).click();
  const versions = buyerPage.getByRole('list', { name: 'Versions, newest first' });
  await expect(versions.getByRole('heading')).toHaveText(['Version 1.1.0', 'Version 1.0.0']);
  await expect(versions.getByRole('listitem').first()).toContainText('Android SDK 35 support');

  for (const width of [375, 1280]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(buyerPage, `/downloads/${slug} Versions at ${width} px`);
    await buyerPage.goto('/userPanel/purchases');
    await expect(buyerPage.getByRole('row').filter({ hasText: title })).toBeVisible();
    await expectNoAxeViolations(buyerPage, `/userPanel/purchases at ${width} px`);
    await buyerPage.goto('/userPanel/notifications');
    await expect(buyerPage.getByRole('list', { name: 'Notifications, newest first' })).toContainText(`${title} 1.1.0 is out`);
    await expectNoAxeViolations(buyerPage, `/userPanel/notifications at ${width} px`);
    await buyerPage.goto(`/downloads/${slug}`);
    await buyerPage.getByRole('tab', { name: 'Versions' }).click();
    await expect(versions.getByRole('heading').first()).toBeVisible();
  }
  for (const page of [sellerPage, adminPage, buyerPage]) await page.context().close();
  for (const api of [sellerApi, buyerApi]) await api.dispose();
});

test('the seller’s New version dialog flags every empty field, focuses the first and has no accessibility violations at 375 and 1280 px', async ({
  page,
  baseURL,
}) => {
  const title = `Axe Versions ${Date.now().toString(36)}`;
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Ada Seller');
  const product = await uploadProduct(sellerApi, title);
  await approveAsAdmin(baseURL!, product._id);
  await logIn(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/$/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/userPanel/user-uploaded-products');
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'New version' }).click();
    const dialog = page.getByRole('dialog', { name: `New version of ${title}` });
    // Publishing with nothing filled shows every message and sends nothing.
    await dialog.getByRole('button', { name: 'Publish version' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Version', exact: true })).toBeFocused();
    await expect(dialog.getByRole('textbox', { name: 'Version', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, `New version dialog at ${width} px`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  }
  const pending = await sellerApi.get(`/api/product/${product._id}/releases`);
  expect((await pending.json()).map((release: { version: string }) => release.version)).toEqual(['1.0.0']);
  await sellerApi.dispose();
});
