import { expect, test, type Browser, type Page } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { addToCartFromDetail, apiAs, type ProductFacts, usd } from '../support/commerce.js';
import { waitForHydration } from '../support/hydration.js';

/** Demo products other journeys buy or price by name: a sale on them would move their totals. */
const USED_ELSEWHERE = new Set(['Bubble-Pop-Saga', 'Poker-Night', 'Knight-Quest', 'Olive-Own-Puzzle']);

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

async function expectCleanAtBothWidths(page: Page, where: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${where} at ${width} px`);
  }
}

test('a seller puts a product on sale on the Sales page; a visitor sees the struck price and the lowest price of 30 days', async ({
  browser,
  baseURL,
}) => {
  // One of the demo seller's approved products that no other journey prices.
  const sellerApi = await apiAs(baseURL!, 'seller@example.com', 'seller12345');
  const mine = (await (await sellerApi.get('/api/product/uploaded-products?mine=true')).json()) as Array<
    ProductFacts & { status: string; subCategory: string }
  >;
  const product = mine.filter((candidate) => candidate.status === 'Approved' && !USED_ELSEWHERE.has(candidate.slug)).at(-1);
  expect(product, 'an approved product of the demo seller').toBeTruthy();
  const title = product!.title.en;
  const salePrice = Math.round(product!.singleAppLicense * 80) / 100;

  const seller = await signedInPage(browser, 'seller@example.com', 'seller12345');
  await seller.goto('/userPanel/sales');
  await expect(seller.getByRole('heading', { name: 'Your sales' })).toBeVisible();
  await seller.getByRole('button', { name: 'New sale' }).click();
  const form = seller.getByRole('form', { name: 'New sale' });
  // The percent field takes the focus; a keyboard user types on.
  await expect(form.getByLabel(/^Percent off/)).toBeFocused();
  await seller.keyboard.type('20');
  await form.getByRole('checkbox', { name: new RegExp(`^${title} \\(`) }).check();
  await expectCleanAtBothWidths(seller, 'the new sale form');
  await form.getByRole('button', { name: 'Start the sale' }).click();

  const item = seller.getByRole('listitem').filter({ has: seller.getByRole('heading', { name: '20% off' }) });
  await expect(item.getByText('Running')).toBeVisible();
  await expect(item.getByText(`Single app: ${usd(product!.singleAppLicense)} →on sale at ${usd(salePrice)}`)).toBeVisible();
  await expect(seller.getByRole('button', { name: 'New sale' })).toBeFocused();
  await expectCleanAtBothWidths(seller, 'the Sales page');

  // A visitor: the struck-through listed price, the sale's, the percent and the lowest price of 30 days.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/downloads/${product!.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const single = visitor.locator('label').filter({ hasText: 'Single App License' });
  await expect(single.locator('s')).toHaveText(`Was ${usd(product!.singleAppLicense)}`);
  await expect(single.locator('.sale-badge')).toHaveText('−20%');
  await expect(visitor.getByTestId('total-price')).toHaveText(usd(salePrice));
  await expect(visitor.getByText(`Lowest price in the last 30 days: ${usd(product!.singleAppLicense)}`)).toBeVisible();
  await expect(visitor.getByText(/^Sale ends /)).toBeVisible();
  await expectCleanAtBothWidths(visitor, 'the product page on sale');

  // The home page's On Sale shelf holds it while the sale runs, and so does the browse page's filter, kept in the address.
  for (const width of [375, 1280]) {
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.goto('/');
    const shelf = visitor.getByRole('region', { name: 'On Sale' });
    await expect(shelf.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expectNoAxeViolations(visitor, `the home page with the On Sale shelf at ${width} px`);
  }
  await visitor.goto('/browse-game');
  await waitForHydration(visitor.getByRole('checkbox', { name: 'On sale only' }));
  await visitor.getByRole('checkbox', { name: 'On sale only' }).check();
  await expect(visitor).toHaveURL(/\/browse-game\?onSale=true$/);
  await visitor.reload();
  await expect(visitor.getByRole('checkbox', { name: 'On sale only' })).toBeChecked();
  await visitor.getByRole('tab', { name: product!.subCategory }).click();
  await expect(visitor.getByRole('article')).toHaveCount(1);
  await expect(visitor.getByRole('article').getByRole('link', { name: title, exact: true })).toBeVisible();
  await expectCleanAtBothWidths(visitor, 'the browse page, on sale only');

  await addToCartFromDetail(visitor, product!, 'Single App License');
  await visitor.goto('/cart-products');
  const line = visitor.getByRole('listitem').filter({ hasText: title });
  await expect(line.locator('s')).toHaveText(`Was ${usd(product!.singleAppLicense)}`);
  await expect(visitor.getByTestId('cart-total')).toHaveText(usd(salePrice));
  await expectCleanAtBothWidths(visitor, 'the cart with a sale');

  // The seller ends it now: it stays as Ended, and the price is the listed one again.
  await seller.setViewportSize({ width: 1280, height: 900 });
  await item.getByRole('button', { name: 'End now' }).click();
  await item.getByRole('button', { name: 'Yes, end it now' }).click();
  await expect(item.getByText('Ended')).toBeVisible();
  await visitor.goto(`/downloads/${product!.slug}`);
  await expect(visitor.getByTestId('total-price')).toHaveText(usd(product!.singleAppLicense));
  await expect(visitor.getByText(/Lowest price in the last 30 days/)).toHaveCount(0);
  // Nothing else is on sale: the shelf is left out.
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: 'Trending Games' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'On Sale' })).toHaveCount(0);
});
