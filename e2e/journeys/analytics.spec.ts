import { expectAccessibleAtBothWidths } from '../support/axe.js';
import { logIn } from '../support/accounts.js';
import { newBuyer, usd } from '../support/commerce.js';
import { waitForHydration } from '../support/hydration.js';
import { approveAsAdmin, newAccountApi, uploadProduct } from '../support/panels.js';
import { expect, test, type Page } from '../support/test.js';

async function payWithCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The page's day as the analytics tables write it (UTC), e.g. "Nov 28, 2026". */
const todayLabel = () => new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('a sale from the newsletter shows on the seller’s analytics, its revenue the statement’s', async ({ page, browser, baseURL }) => {
  // A seller and product of the journey's own, so every figure on the page is this journey's.
  const title = `Newsletter Racer ${Date.now()}`;
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Avery Analytics');
  const uploaded = await uploadProduct(sellerApi, title, 19.99);
  await approveAsAdmin(baseURL!, uploaded._id);
  await sellerApi.dispose();

  // A visitor lands on the product from the newsletter's link and puts it in the cart.
  await page.goto(`/downloads/${uploaded.slug}?utm_source=newsletter`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await waitForHydration(page.getByRole('button', { name: 'Add to cart' }));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Add To Cart Successfully')).toBeVisible();

  // Signs up on the way to the checkout, and pays: the source stays with the tab.
  await page.goto('/cart-products');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/sign-up$/, { timeout: 6_000 });
  await newBuyer(page);
  await page.goto('/cart-products');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await payWithCard(page);
  await expect(page).toHaveURL(/\/purchase-successful$/);
  await page.getByRole('link', { name: 'Go to my purchases' }).click();
  const bought = page.getByRole('row').filter({ hasText: title });
  await Promise.all([page.waitForEvent('download'), bought.getByRole('link', { name: 'Download' }).click()]);

  // The seller reads the statement, then the analytics.
  const sellerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const sellerPage = await sellerContext.newPage();
  await logIn(sellerPage, seller.email, seller.password);
  await expect(sellerPage).toHaveURL(/\/$/);
  await sellerPage.goto('/userPanel/statement');
  const saleRow = sellerPage.getByRole('row').filter({ has: sellerPage.getByRole('rowheader', { name: 'Sale' }) });
  await expect(saleRow).toHaveCount(1);
  const statementAmount = (await saleRow.getByRole('cell').nth(2).innerText()).replace(/^\+/, '');
  expect(statementAmount).toBe(usd(19.99));

  await sellerPage.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await sellerPage.getByLabel('Last 7 days').check();
  const summary = sellerPage.getByRole('list', { name: 'Summary of the period' });
  const figure = (label: string) => summary.getByRole('listitem').filter({ has: sellerPage.getByText(label, { exact: true }) });
  await expect(figure('Views')).toContainText('1');
  await expect(figure('Add to cart')).toContainText('1');
  await expect(figure('Sales')).toContainText('1');
  await expect(figure('Revenue')).toContainText(statementAmount);

  // The chart's figures as a table, for screen readers and anyone else.
  await sellerPage.getByText('Show as table').first().click();
  const days = sellerPage.getByRole('table', { name: 'Views, add to cart, checkouts and sales per day' });
  await expect(days.getByRole('row', { name: new RegExp(todayLabel()) }).getByRole('cell')).toHaveText(['1', '1', '1', '1', '100.0%']);
  const referrers = sellerPage.getByRole('table', { name: 'Views, add to cart and sales by referrer' });
  await expect(
    referrers
      .getByRole('row')
      .filter({ has: sellerPage.getByRole('rowheader', { name: 'newsletter' }) })
      .getByRole('cell'),
  ).toHaveText(['1', '1', '1']);
  const releases = sellerPage.getByRole('table', { name: 'Buyers who downloaded each published version, all time' });
  await expect(releases.getByRole('row').filter({ hasText: title }).getByRole('cell').last()).toHaveText('1');

  // One product chosen, and the same period as a CSV.
  await sellerPage.getByRole('combobox', { name: 'Product' }).selectOption({ label: title });
  await expect(sellerPage.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', new RegExp(`productId=${uploaded._id}`));
  const csv = await sellerPage.request.get((await sellerPage.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain('newsletter,1,1,1');

  await expectAccessibleAtBothWidths(sellerPage, 'the analytics page with its table open');
});

test('a seller with nothing sold sees the empty state, accessible at both widths', async ({ page, baseURL }) => {
  const { person } = await newAccountApi(baseURL!, 'Quinn Quiet');
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/userPanel/analytics');
  await expect(page.getByText('No visits in this period yet')).toBeVisible();
  await page.getByLabel('Custom').check();
  await page.getByLabel('From', { exact: true }).fill('2026-03-10');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01');
  await expect(page.getByRole('alert')).toHaveText('The last day must not be before the first.');
  await page.getByLabel('To', { exact: true }).fill('2026-03-31');
  await expect(page.getByText('No visits in this period yet')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the empty analytics page');
});
