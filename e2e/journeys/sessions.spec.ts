import { expect, test } from '../support/test.js';
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

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`two tabs at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a sign-out in one tab sends the other’s panel page to /Login at once, and signing in there returns to it', async ({
      page,
      context,
    }) => {
      await logIn(page, 'buyer@example.com', 'buyer12345');
      await expect(page).toHaveURL(/\/$/);
      const secondTab = await context.newPage();
      await secondTab.goto('/userPanel/purchases');
      await expect(secondTab.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(secondTab).toHaveURL(/\/userPanel\/purchases$/);

      // Logout in the first tab: the second, untouched, follows without a reload.
      const toggle = page.getByRole('button', { name: 'Toggle navigation' });
      if (await toggle.isVisible()) await toggle.click();
      await page.getByRole('button', { name: 'Jamie Buye', exact: true }).click();
      await page.getByText('Logout').click();
      await expect(secondTab).toHaveURL(/\/Login$/);
      await expect(secondTab.getByRole('heading', { name: 'Login to account' })).toBeVisible();
      expect(await secondTab.evaluate(() => sessionStorage.getItem('userData'))).toBeNull();

      // Signing in in the second tab returns it to the purchases page, and the first tab learns of it at once.
      await secondTab.getByLabel('User Email').fill('buyer@example.com');
      await secondTab.getByLabel('User Password').fill('buyer12345');
      await secondTab.getByRole('button', { name: 'Log In' }).click();
      await expect(secondTab).toHaveURL(/\/userPanel\/purchases$/);
      await expect(secondTab.getByText('Please sign in first')).toHaveCount(0);
      await expect
        .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('userData') ?? 'null')?.email as string | undefined))
        .toBe('buyer@example.com');
      if (viewport.width >= 1280) await expect(page.getByRole('button', { name: 'Jamie Buye', exact: true })).toBeVisible();
    });

    test('a session ended elsewhere leads a panel page to /Login instead of "Please sign in first"', async ({ page }) => {
      await logIn(page, 'buyer@example.com', 'buyer12345');
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/userPanel/user-dashboard');
      await expect(page.getByRole('navigation', { name: /panel/i }).or(page.getByRole('navigation').last())).toBeVisible();

      // Ended on the server only (another computer, an expiry): no tab was told.
      await page.request.post('/api/user/signOut', { headers: { origin: new URL(page.url()).origin } });
      // The panel's next call is refused: whichever comes first (a refresh of the page, or opening
      // Purchases from its menu) leads to /Login.
      const purchases = page.getByRole('link', { name: 'Purchases' }).first();
      if (await purchases.isVisible()) await purchases.click({ timeout: 2_000 }).catch(() => undefined);

      await expect(page).toHaveURL(/\/Login$/);
      await expect(page.getByText('Please sign in first')).toHaveCount(0);
      await page.getByLabel('User Email').fill('buyer@example.com');
      await page.getByLabel('User Password').fill('buyer12345');
      await page.getByRole('button', { name: 'Log In' }).click();
      // Back to the panel page it was on when the refusal came.
      await expect(page).toHaveURL(/\/userPanel\/(user-dashboard|purchases)$/);
      await expect(page.getByText('Please sign in first')).toHaveCount(0);
    });
  });
}
