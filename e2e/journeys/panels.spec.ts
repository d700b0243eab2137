import { expect, test } from '../support/test.js';
import { confirmItIsYou, logIn } from '../support/accounts.js';

test('a refused withdrawal’s message sits on the amount and goes once the form changes, even if the browser then blocks the submit', async ({
  page,
}) => {
  await logIn(page, 'seller@example.com', 'seller12345');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/userPanel/withdrawl-detail');
  const amount = page.getByLabel(/Withdraw Amount/);
  await page.getByLabel(/PayPal Email/).fill('seller.paypal@example.com');
  await amount.fill('999999');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  // Money leaving asks for the password first (docs/decisions/0016); the call then goes and is refused.
  await confirmItIsYou(page, 'seller12345');

  const message = page.getByRole('alert').filter({ hasText: 'Insufficient Balance' });
  await expect(message).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAttribute('aria-describedby', (await message.getAttribute('id'))!);

  await amount.fill('');
  await page.getByRole('button', { name: 'Withdraw' }).click();

  await expect(message).toHaveCount(0);
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
});

test('on a phone the panel menu strip shows the current entry, even the last one', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logIn(page, 'admin@example.com', 'admin12345');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/adminPanel/admin-chatbox');

  const strip = page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('list');
  const current = page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Admin Chatbox' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect
    .poll(async () => {
      const [box, link] = [await strip.boundingBox(), await current.boundingBox()];
      return Boolean(box && link && link.x >= box.x - 1 && link.x + link.width <= box.x + box.width + 1);
    })
    .toBe(true);
});

test('admin tables stay within the header’s width at 1280 px, and a table wider than its room scrolls in a box the keyboard can reach', async ({
  page,
}) => {
  await logIn(page, 'admin@example.com', 'admin12345');
  await expect(page).toHaveURL(/\/$/);
  const headerContent = page.getByRole('navigation', { name: 'Main' }).locator('.container');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/adminPanel/manage-pending-products', '/adminPanel/all-users', '/adminPanel/pending-withdrawls-requests']) {
      await page.goto(path);
      const table = page.locator('main table').first();
      await expect(table).toBeVisible();
      const [edge, box] = [await headerContent.boundingBox(), await table.boundingBox()];
      expect(box!.x + box!.width, `${path} at ${width} px ends past the header`).toBeLessThanOrEqual(edge!.x + edge!.width + 1);
      // What does not fit scrolls inside its own box, which is then a named region that takes focus.
      const scroller = await table.evaluate((element) => {
        const parent = element.parentElement!;
        return {
          scrolls: parent.scrollWidth > parent.clientWidth,
          tabIndex: parent.tabIndex,
          role: parent.getAttribute('role'),
          label: parent.getAttribute('aria-label'),
        };
      });
      if (scroller.scrolls)
        expect(scroller, `${path} at ${width} px`).toMatchObject({
          tabIndex: 0,
          role: 'region',
          label: expect.stringContaining('scrolls sideways'),
        });
    }
  }
});
