import { expect, test } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { addToCartFromDetail, apiAs, newBuyer, type ProductFacts, usd } from '../support/commerce.js';
import { latestMailTo } from '../support/outbox.js';

test('a seller makes a code on a phone; a buyer applies it in the cart, pays the discounted total and finds the discount on the receipt', async ({
  page,
  browser,
  baseURL,
}) => {
  // One of the demo seller's products, and a code of the seller's for it, made on the Discounts page at 375 px.
  const listing = (await (await page.request.get('/api/product/listing/newly-uploading-games')).json()) as {
    products: Array<ProductFacts & { authorName: string }>;
  };
  const product = listing.products.find((candidate) => candidate.authorName === 'Pixel Forge Studio');
  expect(product, 'a product of the demo seller').toBeTruthy();
  const code = `SPRING${Date.now() % 100_000}`;
  const sellerPage = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await logIn(sellerPage, 'seller@example.com', 'seller12345');
  await expect(sellerPage).toHaveURL(/\/$/);
  await sellerPage.goto('/userPanel/discounts');
  await sellerPage.getByRole('button', { name: 'New discount code' }).click();
  const form = sellerPage.getByRole('form', { name: 'New discount code' });
  // The code field takes the focus; the seller types on.
  await expect(form.getByLabel(/^Code/)).toBeFocused();
  await sellerPage.keyboard.type(code);
  await form.getByLabel(/^Amount off, in percent/).fill('25');
  await form.getByRole('checkbox', { name: product!.title.en, exact: true }).check();
  for (const width of [375, 1280]) {
    await sellerPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(sellerPage, `the new code form at ${width} px`);
  }
  await sellerPage.setViewportSize({ width: 375, height: 800 });
  await form.getByRole('button', { name: 'Create code' }).click();
  const row = sellerPage.getByRole('row').filter({ has: sellerPage.getByRole('rowheader', { name: code }) });
  await expect(row).toContainText('25% off');
  await expect(row).toContainText(product!.title.en);
  for (const width of [375, 1280]) {
    await sellerPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(sellerPage, `the Discounts page at ${width} px`);
  }
  const seller = await apiAs(baseURL!, 'seller@example.com', 'seller12345');

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
