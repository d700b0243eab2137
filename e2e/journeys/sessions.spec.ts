import { expect, test } from '@playwright/test';
import { logIn } from '../support/accounts.js';

test('a tab opened after signing in is signed in too, and its panel opens without a login', async ({ page, context }) => {
  await logIn(page, 'buyer@example.com', 'buyer12345');
  await expect(page).toHaveURL(/\/$/);

  const secondTab = await context.newPage();
  await secondTab.goto('/userPanel/purchases');

  await expect(secondTab).toHaveURL(/\/userPanel\/purchases$/);
  await expect(secondTab.getByRole('table').or(secondTab.getByText('No Purchased Product Found')).first()).toBeVisible();
  await expect(secondTab.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(await secondTab.evaluate(() => JSON.parse(sessionStorage.getItem('userData') ?? 'null')?.email)).toBe('buyer@example.com');

  // Signed out in the first tab: the second finds out on its next load and forgets the user.
  await page.request.post('/api/user/signOut', { headers: { origin: new URL(page.url()).origin } });
  await secondTab.evaluate(() => sessionStorage.clear());
  await secondTab.goto('/userPanel/purchases');
  await expect(secondTab).toHaveURL(/\/Login$/);
  expect(await secondTab.evaluate(() => sessionStorage.getItem('userData'))).toBeNull();
});

test('a visitor is never asked for a current user', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/user/currentUser')) asked.push(request.url());
  });

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/cart-products');
  await expect(page.getByText('No Products In Cart')).toBeVisible();

  expect(asked).toEqual([]);
});
