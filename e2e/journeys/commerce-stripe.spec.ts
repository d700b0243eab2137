import { expect, test } from '../support/test.js';
import { addToCartFromDetail, newBuyer, productBySlug, usd } from '../support/commerce.js';
import { routeStripe } from '../support/fakeStripeJs.js';
import { FAKE_STRIPE_API_URL } from '../support/ports.js';

// This project's server takes payments through Stripe (the `stripe` SDK pointed at a local
// stand-in for Stripe's API); the page loads a stand-in Stripe.js through page.route.
test.beforeEach(async ({ page }) => {
  await routeStripe(page, FAKE_STRIPE_API_URL);
});

test('with Stripe, the card is confirmed by Stripe.js in the page and the purchase is recorded', async ({ page }) => {
  const config = await page.request.get('/api/payment/config');
  expect(await config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_e2e_marketplace' });

  await newBuyer(page);
  const bubble = await productBySlug(page.request, 'Bubble-Pop-Saga');
  await addToCartFromDetail(page, bubble, 'Single App License');
  await page.goto('/checkout');

  // A declined card: Stripe's message after 'Payment failed: ', and nothing recorded.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${usd(bubble.singleAppLicense)}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment failed' })).toHaveText('Payment failed: Your card was declined.');
  expect(await (await page.request.get('/api/purchase/allPurchases')).json()).toEqual([]);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: `Pay ${usd(bubble.singleAppLicense)}` }).click();
  await expect(page).toHaveURL(/\/purchase-successful$/);

  await page.goto('/userPanel/purchases');
  await expect(page.getByRole('row').filter({ hasText: bubble.title.en }).getByRole('link', { name: 'Download' })).toBeVisible();
  const purchases = (await (await page.request.get('/api/purchase/allPurchases')).json()) as { amountPaid: number }[];
  expect(purchases.map((purchase) => purchase.amountPaid)).toEqual([bubble.singleAppLicense]);
});
