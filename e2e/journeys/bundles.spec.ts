import { expect, test, type Page } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { apiAs, newBuyer, type ProductFacts, usd } from '../support/commerce.js';

/** Demo products other journeys buy, price or put on sale by name (sales.spec.ts takes the seller's last one). */
const USED_ELSEWHERE = new Set(['Bubble-Pop-Saga', 'Poker-Night', 'Knight-Quest', 'Olive-Own-Puzzle']);

async function expectCleanAtBothWidths(page: Page, where: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${where} at ${width} px`);
  }
}

const cents = (dollars: number) => Math.round(dollars * 100);

test('a seller makes a bundle on the Bundles page; a buyer finds it on a product’s page, pays for it and holds its three licences', async ({
  browser,
  baseURL,
}) => {
  // Three of the demo seller's approved products that no other journey prices.
  const sellerApi = await apiAs(baseURL!, 'seller@example.com', 'seller12345');
  const mine = (await (await sellerApi.get('/api/product/uploaded-products?mine=true')).json()) as Array<ProductFacts & { status: string }>;
  const products = mine
    .filter((candidate) => candidate.status === 'Approved' && !USED_ELSEWHERE.has(candidate.slug))
    .slice(0, -1)
    .slice(0, 3);
  expect(products, 'three approved products of the demo seller').toHaveLength(3);
  const sum = products.reduce((total, product) => total + cents(product.singleAppLicense), 0);
  const multiSum = products.reduce((total, product) => total + cents(product.multiAppLicense), 0);
  // 20% off, to the cent: below the 10% ceiling, and an uneven split.
  const price = Math.floor(sum * 0.8) / 100;
  const multiPrice = Math.floor(multiSum * 0.8) / 100;
  const name = `Arcade pack ${Date.now().toString(36)}`;

  // The seller: the Bundles page, a bundle of three with the sum and the ceiling shown as they are chosen.
  const seller = await (await browser.newContext()).newPage();
  await logIn(seller, 'seller@example.com', 'seller12345');
  await expect(seller).toHaveURL(/\/$/);
  await seller.goto('/userPanel/user-dashboard');
  await seller.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Bundles' }).click();
  await expect(seller.getByRole('heading', { name: 'Your bundles' })).toBeVisible();
  await seller.getByRole('button', { name: 'New bundle' }).click();
  const form = seller.getByRole('form', { name: 'New bundle' });
  await expect(form.getByLabel(/^Bundle name/)).toBeFocused();
  await seller.keyboard.type(name);
  for (const product of products) await form.getByRole('checkbox', { name: new RegExp(`^${product.title.en} \\(`) }).check();
  await expect(form.getByTestId('singleAppLicense-ceiling')).toHaveText(
    `One by one: ${usd(sum / 100)}. At most ${usd(Math.floor(sum * 0.9) / 100)} (10% below).`,
  );
  // A price not 10% below is refused at its field.
  await form.getByLabel(/^Single App License price/).fill((sum / 100).toFixed(2));
  await form.getByLabel(/^Multi App License price/).fill(multiPrice.toFixed(2));
  await form.getByRole('button', { name: 'Create the bundle' }).click();
  await expect(form.getByLabel(/^Single App License price/)).toBeFocused();
  await expect(form.getByText(/^The Single App License price must be at most/)).toBeVisible();
  await form.getByLabel(/^Single App License price/).fill(price.toFixed(2));
  await expectCleanAtBothWidths(seller, 'the new bundle form');
  await form.getByRole('button', { name: 'Create the bundle' }).click();

  const item = seller.getByRole('listitem').filter({ has: seller.getByRole('heading', { name }) });
  await expect(item.getByText('For sale', { exact: true })).toBeVisible();
  await expect(item.getByText(`Single app: ${usd(price)}`)).toBeVisible();
  await expect(seller.getByRole('button', { name: 'New bundle' })).toBeFocused();
  await expectCleanAtBothWidths(seller, 'the Bundles page');

  // A new buyer opens the bundle from one of its products' pages.
  const page = await (await browser.newContext()).newPage();
  await newBuyer(page);
  const member = products[1]!;
  await page.goto(`/downloads/${member.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: member.title.en })).toBeVisible();
  const shelf = page.getByRole('region', { name: 'Save with a bundle' });
  await expect(shelf.getByRole('heading', { name })).toBeVisible();
  await expectCleanAtBothWidths(page, 'a product page with its bundle');
  await shelf.getByRole('link', { name }).click();

  await expect(page).toHaveURL(/\/bundle\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const members = page.getByRole('list', { name: `Products in ${name}` });
  for (const product of products) await expect(members.getByRole('link', { name: product.title.en, exact: true })).toBeVisible();
  await expect(page.getByTestId('bundle-price')).toHaveText(usd(price));
  await expect(page.getByTestId('bundle-saving')).toHaveText(new RegExp(`^${usd((sum - cents(price)) / 100).replace('$', '\\$')} `));
  await expectCleanAtBothWidths(page, 'the bundle page');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Add To Cart Successfully')).toBeVisible();

  // The cart: the bundle's line at its price, with codes and sales said not to reach it.
  await page.goto('/cart-products');
  const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Bundle: ${name}` }) });
  await expect(line.getByText('Discount codes and sales do not apply to bundles.')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(usd(price));
  await expectCleanAtBothWidths(page, 'the cart with a bundle');

  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText(usd(price));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${usd(price)}` }).click();
  await expect(page).toHaveURL(/\/purchase-successful$/);

  // Three licences, one per product, each with its own purchase code.
  await page.goto('/userPanel/licences');
  for (const product of products) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.title.en, exact: true }) });
    await expect(card.locator('.licence-code code')).toHaveText(/^[0-9a-f-]{36}$/);
  }
  await page.goto('/userPanel/purchases');
  await expect(page.getByText(`In the bundle “${name}”`)).toHaveCount(3);
  await expectCleanAtBothWidths(page, 'the purchases of a bundle');
  const bought = (await (await page.request.get('/api/purchase/allPurchases')).json()) as Array<{
    amountPaid: number;
    products: Array<{ price: number }>;
  }>;
  expect(bought).toHaveLength(1);
  expect(cents(bought[0]!.amountPaid)).toBe(cents(price));
  expect(bought[0]!.products.reduce((total, product) => total + cents(product.price), 0)).toBe(cents(price));
});
