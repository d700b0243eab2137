import { expect, test } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { latestMailTo } from '../support/outbox.js';
import { approveAsAdmin, buyOne, newAccountApi, uploadProduct } from '../support/panels.js';

test('a buyer asks for a refund, the admin refunds it and another line, and the buyer loses the downloads at once', async ({
  browser,
  baseURL,
}, testInfo) => {
  const suffix = Date.now().toString(36);
  const asked = `Asked Quest ${suffix}`;
  const other = `Second Quest ${suffix}`;
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Rory Seller');
  const { api: buyerApi, person: buyer } = await newAccountApi(baseURL!, `Bea Refund ${suffix}`);
  for (const [title, price] of [
    [asked, 29.99],
    [other, 19.99],
  ] as const) {
    const uploaded = await uploadProduct(sellerApi, title, price);
    await approveAsAdmin(baseURL!, uploaded._id);
    await buyOne(buyerApi, uploaded._id);
  }

  // The buyer asks from the purchases page, giving a reason long enough.
  const buyerPage = await (await browser.newContext()).newPage();
  await logIn(buyerPage, buyer.email, buyer.password);
  await expect(buyerPage).toHaveURL(/\/$/);
  await buyerPage.goto('/userPanel/purchases');
  const askedRow = buyerPage.getByRole('row').filter({ has: buyerPage.getByRole('rowheader', { name: new RegExp(`^${asked}`) }) });
  await expect(askedRow.getByRole('link', { name: 'Download' })).toBeVisible();
  await askedRow.getByRole('button', { name: `Ask for a refund of ${asked}` }).click();
  await askedRow.getByLabel(`What went wrong with ${asked}?`).fill('It does not open in the engine version the page names.');
  await askedRow.getByRole('button', { name: 'Send request' }).click();
  await expect(askedRow.getByText(/waiting for an answer/)).toBeVisible();

  // The admin sees it waiting, and refunds it with a reason.
  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, 'admin@example.com', 'admin12345');
  await expect(adminPage).toHaveURL(/\/$/);
  await adminPage.goto('/adminPanel/refund-requests');
  const request = adminPage.getByRole('article', { name: new RegExp(asked) });
  await expect(request.getByText('It does not open in the engine version the page names.')).toBeVisible();
  for (const width of [375, 1280]) {
    await adminPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(adminPage, `refund requests at ${width}px`);
    await adminPage.screenshot({ path: testInfo.outputPath(`refund-requests-${width}.png`), fullPage: true });
  }
  await request.getByRole('button', { name: `Refund ${asked}` }).click();
  await request.getByLabel(`Reason for refunding ${asked}`).fill('Agreed: the engine version was wrong.');
  await request.getByRole('button', { name: 'Refund $29.99' }).click();
  await expect(adminPage.getByRole('article', { name: new RegExp(asked) })).toHaveCount(0);

  // Without a reload, the buyer's download is gone and the bell says why.
  await expect(askedRow.getByRole('button', { name: 'Download' })).toBeDisabled();
  await expect(askedRow.getByText(/^Refunded \$29\.99 on/)).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(buyerPage.getByText(`${asked} was refunded`)).toBeVisible();
  expect(latestMailTo(buyer.email)?.subject).toBe(`Refund of $29.99 for ${asked}`);
  await buyerPage.keyboard.press('Escape');

  // The admin refunds the other line from the buyer's purchases, without being asked.
  await adminPage.goto('/adminPanel/purchasers');
  await adminPage.getByLabel('Search by name or email').fill(buyer.email);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  await adminPage.getByRole('row').filter({ hasText: buyer.email }).getByRole('button', { name: 'View purchases' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Purchases of ${buyer.name}` });
  await expect(dialog.getByText(/^Refunded /)).toBeVisible();
  await dialog.getByRole('button', { name: `Refund ${other}` }).click();
  await dialog.getByLabel(`Reason for refunding ${other}`).fill('Bought twice by mistake.');
  for (const width of [375, 1280]) {
    await adminPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(adminPage, `purchaser refund form at ${width}px`);
    await adminPage.screenshot({ path: testInfo.outputPath(`purchaser-refund-${width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Refund $19.99' }).click();
  await expect(dialog.getByText('Refunded $19.99; the licence is revoked.')).toBeVisible();

  const otherRow = buyerPage.getByRole('row').filter({ has: buyerPage.getByRole('rowheader', { name: new RegExp(`^${other}`) }) });
  await expect(otherRow.getByRole('button', { name: 'Download' })).toBeDisabled();
  for (const width of [375, 1280]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(buyerPage, `refunded purchases at ${width}px`);
    await buyerPage.screenshot({ path: testInfo.outputPath(`refunded-purchases-${width}.png`), fullPage: true });
  }

  // The seller's earnings lose both prices, and say so.
  const sellerPage = await (await browser.newContext()).newPage();
  await logIn(sellerPage, seller.email, seller.password);
  await expect(sellerPage).toHaveURL(/\/$/);
  await sellerPage.goto('/userPanel/earnings-detail');
  await expect(sellerPage.getByText('After $49.98 refunded')).toBeVisible();
});
