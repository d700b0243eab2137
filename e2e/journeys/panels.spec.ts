import { expect, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';

test('a refused withdrawal’s message sits on the amount and goes once the form changes, even if the browser then blocks the submit', async ({ page }) => {
  await logIn(page, 'seller@example.com', 'seller12345');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/userPanel/withdrawl-detail');
  const amount = page.getByLabel(/Withdraw Amount/);
  await page.getByLabel(/PayPal Email/).fill('seller.paypal@example.com');
  await amount.fill('999999');
  await page.getByRole('button', { name: 'Withdraw' }).click();

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
  await expect.poll(async () => {
    const [box, link] = [await strip.boundingBox(), await current.boundingBox()];
    return Boolean(box && link && link.x >= box.x - 1 && link.x + link.width <= box.x + box.width + 1);
  }).toBe(true);
});
