import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { addToCartFromDetail, apiAs, newBuyer, type ProductFacts, usd } from '../support/commerce.js';
import { latestMailTo } from '../support/outbox.js';

test('a buyer applies a seller’s code in the cart, pays the discounted total and finds the discount on the receipt', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // One of the demo seller's products, and a code of the seller's for it.
  const listing = (await (await page.request.get('/api/product/listing/newly-uploading-games')).json()) as {
    products: Array<ProductFacts & { authorName: string }>;
  };
  const product = listing.products.find((candidate) => candidate.authorName === 'Pixel Forge Studio');
  expect(product, 'a product of the demo seller').toBeTruthy();
  const code = `SPRING${Date.now() % 100_000}`;
  const seller = await apiAs(baseURL!, 'seller@example.com', 'seller12345');
  const made = await seller.post('/api/discount', { data: { code, kind: 'percent', amount: 25, productIds: [product!._id] } });
  expect(made.status()).toBe(201);

  const buyer = await newBuyer(page);
  await addToCartFromDetail(page, product!, 'Single App License');
  await page.goto('/cart-products');
  const list = product!.singleAppLicense;
  const off = Math.round(list * 25) / 100;
  await expect(page.getByTestId('cart-total')).toHaveText(usd(list));

  // A typo first: the server's word, and nothing taken off.
  await page.getByLabel('Discount code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This code does not exist')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(usd(list));
  await page.getByRole('button', { name: 'Remove the code NOSUCHCODE' }).click();
  await expect(page.getByLabel('Discount code')).toBeFocused();

  await page.getByLabel('Discount code').fill(code.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByText('Code applied')).toBeVisible();
  await expect(page.getByTestId('cart-discount')).toHaveText(`-${usd(off)}`);
  await expect(page.getByTestId('cart-total')).toHaveText(usd(list - off));
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: product!.title.en })
      .getByText(`−${usd(off)} with ${code.toLowerCase()}`),
  ).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `cart with a code at ${width} px`);
  }

  // A reload keeps the code; the checkout charges what the cart said.
  await page.reload();
  await expect(page.getByTestId('cart-total')).toHaveText(usd(list - off));
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText(usd(list - off));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${usd(list - off)}` }).click();
  await expect(page).toHaveURL(/\/purchase-successful$/);

  const receipt = latestMailTo(buyer.email);
  expect(receipt?.text).toContain(`Total paid: ${usd(list - off)}`);
  expect(receipt?.text).toContain(`Discount: -${usd(off)}`);
  const codes = (await (await seller.get('/api/discount')).json()) as Array<{ code: string; redemptions: number; discounted: number }>;
  expect(codes.find((candidate) => candidate.code === code)).toMatchObject({ redemptions: 1, discounted: off });
});
