import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test.js';
import { logIn } from '../support/accounts.js';

const SELLER_PAGES = [
  { path: '/userPanel/user-dashboard', heading: 'Dashboard' },
  { path: '/userPanel/earnings-detail', heading: 'Earnings' },
  { path: '/userPanel/withdrawl-detail', heading: 'Withdrawl Detail' },
  { path: '/userPanel/statement', heading: 'Statement' },
];
const ADMIN_PAGES = [
  { path: '/adminPanel/all-users', heading: 'All Users' },
  { path: '/adminPanel/purchasers', heading: 'Purchasers' },
  { path: '/adminPanel/sellers', heading: 'Sellers' },
  { path: '/adminPanel/pending-withdrawls-requests', heading: 'Pending Withdrawls Requests' },
  { path: '/adminPanel/success-withdrawls-requests', heading: 'Success Withdrawls Requests' },
];

async function expectCleanPages(page: Page, pages: typeof SELLER_PAGES) {
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.page-spinner')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
}

for (const width of [375, 1280]) {
  test.describe(`money and people pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the seller pages have no accessibility violations and no sideways scroll', async ({ page }) => {
      await logIn(page, 'seller@example.com', 'seller12345');
      await expect(page).toHaveURL(/\/$/);
      await expectCleanPages(page, SELLER_PAGES);
    });

    test('the admin pages have no accessibility violations and no sideways scroll', async ({ page }) => {
      await logIn(page, 'admin@example.com', 'admin12345');
      await expect(page).toHaveURL(/\/$/);
      await expectCleanPages(page, ADMIN_PAGES);
    });
  });
}

test('the panels send visitors to /Login and tell the wrong role the page is not for their account', async ({ page }) => {
  await page.goto('/adminPanel/sellers');
  await expect(page).toHaveURL(/\/Login$/);
  await logIn(page, 'seller@example.com', 'seller12345');
  // Signing in returns to the page that asked for it, which is not for a seller.
  await expect(page).toHaveURL(/\/adminPanel\/sellers$/);
  await expect(page.getByRole('heading', { name: 'This page is not for your account' })).toBeVisible();
  await page.goto('/adminPanel/pending-withdrawls-requests');
  await expect(page.getByRole('heading', { name: 'This page is not for your account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your panel' })).toHaveAttribute('href', '/userPanel');
});

test('the admin finds a user by name on a paginated list', async ({ page }) => {
  await logIn(page, 'admin@example.com', 'admin12345');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/adminPanel/all-users');
  await expect(page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'All Users' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // docs/product-spec.md §2.9's eleven entries, then Custom Work, Refund Requests, Platform codes, Reconciliation, Notifications, Licences and Security.
  await expect(page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link')).toHaveCount(18);
  await page.getByLabel('Search by name or email').fill('jamie');
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('table', { name: 'All users' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Jamie Buyer');
  await expect(page.getByText('1–1 of 1')).toBeVisible();

  await page.goto('/adminPanel/sellers');
  await expect(page.getByRole('table', { name: 'Sellers' }).getByRole('row', { name: /Pixel Forge Studio/ })).toBeVisible();
});
