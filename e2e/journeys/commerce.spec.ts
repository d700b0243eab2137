import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test.js';
import { addToCartFromDetail, apiAs, newBuyer, productBySlug, usd } from '../support/commerce.js';

async function payWithCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('a visitor fills the cart, signs up, pays with 4242…, and downloads the very zip the seller uploaded', async ({ page, baseURL }) => {
  const bubble = await productBySlug(page.request, 'Bubble-Pop-Saga');
  const poker = await productBySlug(page.request, 'Poker-Night');

  // A visitor picks two games with different licences.
  await addToCartFromDetail(page, bubble, 'Multi App License');
  await addToCartFromDetail(page, poker, 'Single App License');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await page.goto('/cart-products');
  const total = usd(bubble.multiAppLicense + poker.singleAppLicense);
  await expect(page.getByTestId('cart-total')).toHaveText(total);
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: bubble.title.en })
      .getByLabel(/^License for/),
  ).toHaveValue('Multi App License');

  // Checkout needs an account: the notice, then the sign-up page.
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page.getByText('Please Signup First')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up$/, { timeout: 6_000 });
  await newBuyer(page);

  // The cart survived signing up; now pay.
  await page.goto('/cart-products');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Secure Payment')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(total);
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/purchase-successful$/);
  await expect(page.getByRole('heading', { name: 'Payment Confirmed' })).toBeVisible();
  await expect(page.getByText('License Activated')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart');

  await page.getByRole('link', { name: 'Go to my purchases' }).click();
  await expect(page).toHaveURL(/\/userPanel\/purchases$/);
  const bubbleRow = page.getByRole('row').filter({ hasText: bubble.title.en });
  await expect(bubbleRow.getByText('Multi App License')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: poker.title.en }).getByText(usd(poker.singleAppLicense))).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), bubbleRow.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const bought = await readFile(await download.path());

  const admin = await apiAs(baseURL!, 'admin@example.com', 'admin12345');
  const original = await admin.get(`/api/product/${bubble._id}/source-code`);
  expect(original.ok()).toBe(true);
  expect(bought.equals(await original.body())).toBe(true);
  await admin.dispose();
});

test('a declined card shows the failure alert, keeps the cart and records nothing', async ({ page }) => {
  const person = await newBuyer(page);
  const poker = await productBySlug(page.request, 'Poker-Night');
  await addToCartFromDetail(page, poker, 'Single App License');

  await page.goto('/checkout');
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Payment failed' })).toHaveText('Payment failed: Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  const purchases = await page.request.get('/api/purchase/allPurchases');
  expect(await purchases.json()).toEqual([]);
  await page.goto('/userPanel/purchases');
  await expect(page.getByText('No Purchased Product Found')).toBeVisible();
  expect(person.email).toContain('@');
});

test('the wishlist keeps a game for later and moves it to the cart', async ({ page }) => {
  await newBuyer(page);
  await page.goto('/downloads/Poker-Night');
  await page.getByLabel('Multi App License').check();
  await page.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(page.getByText('Add To Wishlist Successfully')).toBeVisible();

  await page.goto('/userPanel/whishlist-products');
  const saved = page.getByRole('list', { name: 'Products in your wishlist' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await saved.getByRole('button', { name: 'Move to cart' }).click();
  await expect(page.getByText('No Products In Wishlist')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await page.goto('/cart-products');
  await expect(page.getByLabel('License for Poker Night')).toHaveValue('Multi App License');
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No Products In Cart')).toBeVisible();
});

test.describe('commerce pages', () => {
  for (const width of [375, 1280]) {
    test(`have no accessibility violations and no sideways scroll at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      // A buyer of its own: the demo buyer's cart is kept with the account, whatever other journeys left in it.
      await newBuyer(page);
      const poker = await productBySlug(page.request, 'Poker-Night');
      await addToCartFromDetail(page, poker, 'Single App License');
      await page.getByRole('button', { name: 'Add to Wishlist' }).click();

      const pages = [
        { path: '/cart-products', ready: page.getByTestId('cart-total') },
        { path: '/checkout', ready: page.getByLabel('Card number') },
        { path: '/userPanel/whishlist-products', ready: page.getByRole('button', { name: 'Move to cart' }) },
        { path: '/userPanel/purchases', ready: page.getByRole('table').or(page.getByText('No Purchased Product Found')) },
        { path: '/purchase-successful', ready: page.getByText('License Activated') },
        { path: '/purchase-unsuccessful', ready: page.getByRole('link', { name: 'Try Again' }) },
      ];
      for (const { path, ready } of pages) {
        await page.goto(path);
        await expect(ready.first()).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map(
            (violation) =>
              `${path} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          ),
        ).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
});
