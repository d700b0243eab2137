import { expect, request, test, type Page } from '../support/test.js';
import { logIn, newPerson } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { apiAs, productBySlug } from '../support/commerce.js';

/** A demo product no other journey prices or buys. */
const PRODUCT_SLUG = 'Tank-Battle-Arena';

async function expectCleanAtBothWidths(page: Page, where: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${where} at ${width} px`);
  }
}

test("an admin makes a platform code on the Platform codes page; a buyer takes it off a seller's product, which the seller earns in full", async ({
  page,
  baseURL,
}) => {
  const code = `PLATFORM${Date.now() % 100_000}`;
  await logIn(page, 'admin@example.com', 'admin12345');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/adminPanel/platform-codes');
  await expect(page.getByRole('heading', { name: 'All platform codes' })).toBeVisible();
  await page.getByRole('button', { name: 'New platform code' }).click();
  const form = page.getByRole('form', { name: 'New platform code' });
  await expect(form.getByLabel(/^Code/)).toBeFocused();
  await page.keyboard.type(code);
  await form.getByLabel(/^Amount off, in percent/).fill('20');
  // Any seller's product, found by the storefront's search.
  await form.getByLabel('Find a product to add').fill('tank battle');
  await form.getByRole('button', { name: /^Add Tank Battle Arena/ }).click();
  await expect(form.getByRole('list', { name: 'Products chosen' })).toContainText('Tank Battle Arena');
  await expect(form.getByLabel('Find a product to add')).toBeFocused();
  await expectCleanAtBothWidths(page, 'the new platform code form');
  await form.getByRole('button', { name: 'Create code' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('Tank Battle Arena');
  await expectCleanAtBothWidths(page, 'the Platform codes page');

  // A buyer, through the API: the code takes 20% off the seller's line, and the seller earns the listed price.
  const seller = await apiAs(baseURL!, 'seller@example.com', 'seller12345');
  const product = await productBySlug(seller, PRODUCT_SLUG);
  const buyer = await request.newContext({ baseURL });
  const person = newPerson('Robin Buyer');
  expect((await buyer.post('/api/user/addUser', { data: { ...person, confirmPassword: person.password } })).ok()).toBe(true);
  const products = [{ productId: product._id, licenseType: 'Single App License', isReskin: 'false' }];
  const listCents = Math.round(product.singleAppLicense * 100);
  const paidCents = listCents - Math.round(listCents * 0.2);
  const priced = await (await buyer.post('/api/cart/price', { data: { products, code: code.toLowerCase() } })).json();
  expect(priced).toMatchObject({ total: paidCents / 100, code: { applied: true } });
  const intent = await buyer.post('/api/payment/create-payment-intent', { data: { products, currency: 'usd', code } });
  expect(intent.ok()).toBe(true);
  const { clientSecret, paymentIntentId, amount } = (await intent.json()) as {
    clientSecret: string;
    paymentIntentId: string;
    amount: number;
  };
  expect(amount).toBe(paidCents);
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
  expect((await buyer.post('/api/payment/simulated/confirm', { data: { clientSecret, ...card } })).ok()).toBe(true);
  expect((await buyer.post('/api/purchase/purchaseDetail', { data: { transactionId: paymentIntentId } })).status()).toBe(201);

  const statement = (await (await seller.get('/api/user/statement?limit=1')).json()) as {
    entries: Array<{ kind: string; productId: string; listCents: number; discountCents: number; amountCents: number }>;
  };
  expect(statement.entries[0]).toMatchObject({ kind: 'sale', productId: product._id, listCents, discountCents: 0, amountCents: listCents });
  // The admin's list counts the paid use.
  await page.reload();
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
});
