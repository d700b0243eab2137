import { expectNoAxeViolations } from '../support/axe.js';
import { expect, request, test } from '../support/test.js';
import { confirmItIsYou, logIn } from '../support/accounts.js';
import { addToCartFromDetail, newBuyer, productBySlug } from '../support/commerce.js';
import { approveAsAdmin, newAccountApi, uploadProduct } from '../support/panels.js';

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };

test('a buyer pays, copies the purchase code, registers an app and prints the certificate; the seller verifies the code with a token', async ({
  browser,
  baseURL,
}, testInfo) => {
  const title = `Licensed Quest ${Date.now().toString(36)}`;
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Lena Seller');
  const uploaded = await uploadProduct(sellerApi, title);
  await approveAsAdmin(baseURL!, uploaded._id);

  // The buyer reads what a Single App License allows beside the choice, then pays.
  const buyerContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await buyerContext.newPage();
  const buyer = await newBuyer(page);
  const product = await productBySlug(page.request, title.replaceAll(' ', '-'));
  await addToCartFromDetail(page, product, 'Single App License');
  const terms = page.locator('.purchase-box').getByText('What you may do');
  await terms.click();
  await expect(page.getByText('One end product: one app or game listing in one store account.')).toBeVisible();
  await page.goto('/cart-products');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/purchase-successful$/);

  // Licences: the code, copied.
  await page.goto('/userPanel/user-dashboard');
  await page.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Licences' }).click();
  await expect(page).toHaveURL(/\/userPanel\/licences$/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  const code = (await card.locator('.licence-code code').textContent())!.trim();
  expect(code).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  await card.getByRole('button', { name: `Copy the purchase code of ${title}` }).click();
  await expect(card.getByRole('button', { name: /copied$/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // An app is registered; a Single licence then holds it and no other.
  await card.getByRole('button', { name: /^Register an app/ }).click();
  await card.getByLabel(/^App name/).fill('Quest Mobile');
  await card.getByLabel(/^Package or bundle id/).fill('com.lena.quest');
  await card.getByLabel(/^Store address/).fill('https://play.google.com/store/apps/details?id=com.lena.quest');
  await card.getByRole('button', { name: 'Register app' }).click();
  await expect(card.getByText('com.lena.quest', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Register app' })).toHaveCount(0);
  // The form gave way: the focus is on the apps' heading, not lost on the page.
  await expect(card.getByRole('heading', { name: 'Registered apps' })).toBeFocused();
  await card.getByRole('button', { name: 'Edit Quest Mobile' }).click();
  await expect(card.getByLabel(/^App name/)).toBeFocused();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('button', { name: 'Edit Quest Mobile' })).toBeFocused();
  await expect(card.getByText(/Upgrade it to a Multi App License to use the code in more apps/)).toBeVisible();

  // The certificate, as it prints on A4: the certificate alone, on one page.
  await card.getByRole('link', { name: 'Certificate' }).click();
  await expect(page).toHaveURL(new RegExp(`/userPanel/licences/${code}$`));
  const certificate = page.getByRole('article', { name: 'Licence certificate' });
  await expect(certificate.getByText(buyer.name)).toBeVisible();
  await expect(certificate.getByText(code)).toBeVisible();
  await expect(certificate.getByText('Quest Mobile')).toBeVisible();
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'User Panel' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('certificate-a4.png'), fullPage: true });
  const printed = await page.pdf({ format: 'A4', printBackground: true });
  expect(printed.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });
  const pdfLink = page.getByRole('link', { name: 'Download PDF' });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The seller makes a token, shown once, and their server checks the code with it.
  const sellerPage = await (await browser.newContext()).newPage();
  await logIn(sellerPage, seller.email, seller.password);
  await expect(sellerPage).toHaveURL(/\/$/);
  await sellerPage.goto('/userPanel/api-tokens');
  await sellerPage.getByLabel('Token name').fill('Game server');
  await sellerPage
    .getByRole('group', { name: 'What the token may do' })
    .getByRole('checkbox', { name: /licences:read/ })
    .check();
  await sellerPage.getByRole('button', { name: 'Create token' }).click();
  // A token acts for the seller without them: the site asks for the password first, in place.
  await confirmItIsYou(sellerPage, seller.password);
  const shown = sellerPage.getByRole('region', { name: /Your new token/ });
  const token = (await shown.locator('code').textContent())!.trim();
  expect(token).toMatch(/^smk_/);
  await expect(sellerPage.getByRole('rowheader', { name: 'Game server' })).toBeVisible();

  const server = await request.newContext({ baseURL });
  const verified = await server.get(`/api/licence/verify?code=${code}`, { headers: { authorization: `Bearer ${token}` } });
  expect(verified.status()).toBe(200);
  expect(await verified.json()).toMatchObject({
    valid: true,
    status: 'Active',
    product: { _id: uploaded._id, title },
    licenseType: 'Single App License',
    buyer: { name: buyer.name },
    registeredApps: [{ appName: 'Quest Mobile', bundleId: 'com.lena.quest' }],
  });
  const withoutToken = await server.get(`/api/licence/verify?code=${code}`);
  expect(withoutToken.status()).toBe(401);
  await server.dispose();

  // Accessible at a phone's width and a laptop's, for the buyer, the seller and an admin.
  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage).toHaveURL(/\/$/);
  const pages = [
    { who: page, path: '/userPanel/licences', ready: () => page.getByRole('heading', { name: title }) },
    { who: page, path: `/userPanel/licences/${code}`, ready: () => page.getByRole('button', { name: 'Print' }) },
    { who: sellerPage, path: '/userPanel/api-tokens', ready: () => sellerPage.getByRole('rowheader', { name: 'Game server' }) },
    { who: adminPage, path: '/adminPanel/licences', ready: () => adminPage.getByRole('button', { name: 'Open' }) },
    { who: adminPage, path: `/adminPanel/licences/${code}`, ready: () => adminPage.getByRole('button', { name: 'Revoke licence' }) },
  ];
  for (const width of [375, 1280]) {
    for (const { who, path, ready } of pages) {
      await who.setViewportSize({ width, height: 900 });
      await who.goto(path);
      await expect(ready()).toBeVisible();
      await expectNoAxeViolations(who, `${path} at ${width}px`);
    }
  }
});

test('an admin opens a licence by its code, clears its app and revokes it; the buyer then sees it revoked', async ({
  browser,
  baseURL,
}) => {
  const title = `Revoked Quest ${Date.now().toString(36)}`;
  const { api: sellerApi } = await newAccountApi(baseURL!, 'Rita Seller');
  const uploaded = await uploadProduct(sellerApi, title);
  await approveAsAdmin(baseURL!, uploaded._id);
  const { api: buyerApi, person: buyer } = await newAccountApi(baseURL!, 'Rob Buyer');
  const intent = await buyerApi.post('/api/payment/create-payment-intent', {
    data: { products: [{ productId: uploaded._id, licenseType: 'Multi App License', isReskin: 'false' }], currency: 'usd' },
  });
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  await buyerApi.post('/api/payment/simulated/confirm', {
    data: { clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
  expect((await buyerApi.post('/api/purchase/purchaseDetail', { data: { transactionId: paymentIntentId } })).status()).toBe(201);
  const [licence] = (await (await buyerApi.get('/api/licence/mine')).json()) as Array<{ purchaseCode: string }>;
  const code = licence!.purchaseCode;
  for (const n of [1, 2]) {
    const registered = await buyerApi.post(`/api/licence/${code}/apps`, { data: { appName: `Rob App ${n}`, bundleId: `com.rob.app${n}` } });
    expect(registered.status()).toBe(201);
  }

  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage).toHaveURL(/\/$/);
  await adminPage.goto('/adminPanel/licences');
  const lookup = adminPage.getByLabel('Purchase code');
  await lookup.fill('not a code');
  await adminPage.getByRole('button', { name: 'Open' }).click();
  await expect(lookup).toHaveAttribute('aria-invalid', 'true');
  await lookup.fill(code.toUpperCase());
  await adminPage.getByRole('button', { name: 'Open' }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/adminPanel/licences/${code}$`));

  const manage = adminPage.getByRole('region', { name: 'Manage this licence' });
  await manage.getByRole('button', { name: 'Clear Rob App 1' }).click();
  const clearDialog = adminPage.getByRole('dialog', { name: 'Clear Rob App 1?' });
  await clearDialog.getByRole('button', { name: 'Clear registration' }).click();
  await expect(clearDialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await clearDialog.getByLabel(/^Reason/).fill('Buyer replaced this app');
  await clearDialog.getByRole('button', { name: 'Clear registration' }).click();
  await expect(clearDialog).toBeHidden();
  await expect(manage.getByRole('button', { name: 'Clear Rob App 1' })).toHaveCount(0);
  await expect(manage.getByRole('button', { name: 'Clear Rob App 2' })).toBeVisible();

  await manage.getByRole('button', { name: 'Revoke licence' }).click();
  const revokeDialog = adminPage.getByRole('dialog', { name: 'Revoke this licence?' });
  await revokeDialog.getByLabel(/^Reason/).fill('Chargeback');
  await revokeDialog.getByRole('button', { name: 'Revoke licence' }).click();
  await expect(revokeDialog).toBeHidden();
  await expect(manage.getByText('This licence is revoked: Chargeback')).toBeVisible();

  const buyerPage = await (await browser.newContext()).newPage();
  await logIn(buyerPage, buyer.email, buyer.password);
  await expect(buyerPage).toHaveURL(/\/$/);
  await buyerPage.goto('/userPanel/licences');
  const card = buyerPage.getByRole('listitem').filter({ has: buyerPage.getByRole('heading', { name: title }) });
  await expect(card.getByText('Revoked: Chargeback')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Register app' })).toHaveCount(0);
  await buyerPage.goto('/userPanel/purchases');
  await expect(buyerPage.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Download' })).toBeDisabled();
  await expect(buyerPage.getByRole('row').filter({ hasText: title }).getByText('Licence revoked')).toBeVisible();
});
