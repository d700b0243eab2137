import { expect, test, type Locator, type Page } from '../support/test.js';
import { approveAsAdmin, buyOne, newAccountApi, requestWithdrawal, uploadProduct } from '../support/panels.js';
import { tabTo } from '../support/keyboard.js';

/** What has focus, for failure messages. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const row = element?.closest('tr');
    return `${element?.tagName} "${element?.textContent?.trim().slice(0, 40)}"${row ? ` in row "${row.textContent?.trim().slice(0, 60)}"` : ''}`;
  });

/**
 * Presses Enter on `action` (already focused) in `row`, which the action takes out of its table,
 * and expects focus on the same action of the row that then stands in its place (the next one,
 * else the one above), or on the page's h1 when none is left (WCAG 2.4.3).
 */
async function actAndExpectFocusMovedOn(page: Page, row: Locator, actionName: string) {
  const expected = await row.evaluateHandle((element, name) => {
    const neighbour = element.nextElementSibling ?? element.previousElementSibling;
    const sameAction = neighbour && [...neighbour.querySelectorAll('button')].find((button) => button.textContent?.trim() === name);
    return sameAction ?? document.querySelector('main h1')!;
  }, actionName);
  const expectedText = await expected.evaluate((element) => `${element.tagName} "${element.textContent?.trim()}"`);
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);
  await expect
    .poll(async () => ((await expected.evaluate((element) => element === document.activeElement)) ? 'on it' : await describeFocus(page)), {
      message: `focus should move to ${expectedText}`,
    })
    .toBe('on it');
}

test('an admin approves a product and marks a withdrawal paid with the keyboard alone, focus moving on after each', async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);

  // The journey's own data, over HTTP: a seller with two pending products and two withdrawal requests.
  const { api: seller } = await newAccountApi(baseURL!, 'Kit Keyboard Seller');
  const pendingTitles = [`Keyboard Quest ${stamp} A`, `Keyboard Quest ${stamp} B`];
  for (const title of pendingTitles) expect((await uploadProduct(seller, title)).status).toBe('Pending');
  const sold = await uploadProduct(seller, `Keyboard Quest ${stamp} Sold`, 40);
  await approveAsAdmin(baseURL!, sold._id);
  const { api: buyer } = await newAccountApi(baseURL!, 'Kit Keyboard Buyer');
  await buyOne(buyer, sold._id);
  const paypal = `kit.${stamp}@paypal.example.com`;
  await requestWithdrawal(seller, paypal, '11.00');
  await requestWithdrawal(seller, paypal, '12.00');
  await Promise.all([seller.dispose(), buyer.dispose()]);

  // Sign in with the keyboard.
  await page.goto('/Login');
  await tabTo(page, page.getByLabel('User Email'));
  await page.keyboard.type('admin@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('User Password')).toBeFocused();
  await page.keyboard.type('admin12345');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  // Approve both pending products: focus goes on to the next row's Approve (or the heading).
  await page.goto('/adminPanel/manage-pending-products');
  const pending = page.getByRole('table', { name: 'Pending products' });
  for (const title of pendingTitles) {
    const row = pending.getByRole('row', { name: new RegExp(title) });
    await tabTo(page, row.getByRole('button', { name: 'Approve' }));
    await actAndExpectFocusMovedOn(page, row, 'Approve');
  }

  // To the pending withdrawals through the panel menu: focus on the new page's heading.
  const menu = page.getByRole('navigation', { name: 'Admin Panel' });
  await tabTo(page, menu.getByRole('link', { name: 'Pending Withdrawls Requests' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending Withdrawls Requests' })).toBeFocused();

  // Mark both of the seller's requests paid: focus goes on to the next row's Mark paid (or the heading).
  const requests = page.getByRole('table', { name: 'Pending withdrawal requests' });
  for (const amount of ['$11.00', '$12.00']) {
    const row = requests.getByRole('row').filter({ hasText: paypal }).filter({ hasText: amount });
    await tabTo(page, row.getByRole('button', { name: 'Mark paid' }));
    await actAndExpectFocusMovedOn(page, row, 'Mark paid');
    await expect(page.getByText('Withdrawal status updated').first()).toBeVisible();
  }

  // The approved products are in the store, the paid requests on the success page.
  for (const title of pendingTitles) {
    expect((await page.request.get(`/api/product/by-slug/${encodeURIComponent(title.replace(/\s+/g, '-'))}`)).ok()).toBe(true);
  }
  await tabTo(page, menu.getByRole('link', { name: 'Success Withdrawls Requests' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Success Withdrawls Requests' })).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: paypal })).toHaveCount(2);
});
