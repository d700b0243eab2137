import { expect, test, type Page } from '../support/test.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { newBuyer, productBySlug, usd } from '../support/commerce.js';
import { approveAsAdmin, buyOne, newAccountApi, uploadProduct } from '../support/panels.js';

async function expectCleanAtBothWidths(page: Page, where: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${where} at ${width} px`);
  }
}

test('a buyer upgrades a Single App License to Multi from the licences page, paying the difference; the code stays', async ({
  page,
  baseURL,
}) => {
  // Single $20, Multi $40: the upgrade costs $20.
  const title = `Upgrade Quest ${Date.now().toString(36)}`;
  const { api: sellerApi } = await newAccountApi(baseURL!, 'Uma Seller');
  const uploaded = await uploadProduct(sellerApi, title, 20);
  await approveAsAdmin(baseURL!, uploaded._id);
  await sellerApi.dispose();

  await page.setViewportSize({ width: 375, height: 900 });
  await newBuyer(page);
  const product = await productBySlug(page.request, title.replaceAll(' ', '-'));
  await buyOne(page.request, product._id);
  const upgradeLink = { name: `Upgrade to Multi App License for ${usd(20)}` };

  // The product page offers the upgrade to the holder of its Single App License.
  await page.goto(`/downloads/${product.slug}`);
  await expect(page.locator('.purchase-box').getByRole('link', upgradeLink)).toBeVisible();

  // The licences page: the card's offer, at both widths.
  await page.goto('/userPanel/licences');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText(/^Single App License · bought/)).toBeVisible();
  const code = (await card.locator('.licence-code code').textContent())!.trim();
  await expectCleanAtBothWidths(page, 'the licences page with an upgrade');
  await card.getByRole('link', upgradeLink).click();

  // The cart's card step, for the difference.
  await expect(page).toHaveURL(new RegExp(`/checkout/upgrade/${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade to Multi App License' })).toBeVisible();
  await expect(page.getByTestId('upgrade-total')).toHaveText(usd(20));
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expectCleanAtBothWidths(page, 'the upgrade checkout');
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${usd(20)}` }).click();

  // Back on the licences: the same code, now Multi, with nothing left to upgrade.
  await expect(page).toHaveURL(/\/userPanel\/licences$/);
  await expect(page.getByText('Your licence is now a Multi App License')).toBeVisible();
  await expect(card.getByText(/^Multi App License · bought/)).toBeVisible();
  await expect(card.locator('.licence-code code')).toHaveText(code);
  await expect(card.getByRole('link', { name: /^Upgrade to Multi App License/ })).toHaveCount(0);
  await expectCleanAtBothWidths(page, 'the licences page after the upgrade');
});
