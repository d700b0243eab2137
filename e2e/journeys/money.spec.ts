import { expect, test, type Browser, type Page } from '../support/test.js';
import { confirmItIsYou, logIn } from '../support/accounts.js';
import { usd } from '../support/commerce.js';

/** Cents as the pages show dollars; the figures below are kept in cents so the test adds up exactly. */
const usdOfCents = (cents: number) => usd(cents / 100);
const cents = (dollars: number) => Math.round(dollars * 100);

interface Earnings {
  totalEarnings: number;
  dashboardTotal: number;
  pendingWithdrawals: number;
  withdrawn: number;
  availableBalance: number;
}

interface OwnProduct {
  _id: string;
  title: { en: string };
  singleAppLicense: number;
  reskinPrice: number | null;
}

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

async function earningsOf(page: Page): Promise<Earnings> {
  const response = await page.request.get('/api/user/earnings');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Earnings;
}

/** The buyer pays for one licence with reskin through the HTTP purchase flow: intent, simulated card, record. */
async function buyWithReskin(buyer: Page, product: OwnProduct) {
  const intent = await buyer.request.post('/api/payment/create-payment-intent', {
    data: { products: [{ productId: product._id, licenseType: 'Single App License', isReskin: 'true' }], currency: 'usd' },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  const confirm = await buyer.request.post('/api/payment/simulated/confirm', {
    data: { clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const recorded = await buyer.request.post('/api/purchase/purchaseDetail', { data: { transactionId: paymentIntentId } });
  expect(recorded.status(), await recorded.text()).toBe(201);
}

const card = (page: Page, label: string) => page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });

test('a seller with a sale sees the right cards, asks for a withdrawal, the admin pays it, the seller sees Success and the new balance', async ({
  browser,
}) => {
  const seller = await signedInPage(browser, 'seller@example.com', 'seller12345');
  const buyer = await signedInPage(browser, 'buyer@example.com', 'buyer12345');
  const admin = await signedInPage(browser, 'admin@example.com', 'admin12345');

  // One of the seller's approved products that offers a reskin, bought with it.
  const own = (await (await seller.request.get('/api/product/uploaded-products?mine=true&status=Approved')).json()) as OwnProduct[];
  const product = own.find((candidate) => candidate.reskinPrice !== null);
  if (!product) throw new Error('The demo seller has no approved product with a reskin price');
  const before = await earningsOf(seller);
  await buyWithReskin(buyer, product);
  const price = cents(product.singleAppLicense);
  const reskin = cents(product.reskinPrice!);
  const earned = cents(before.totalEarnings) + price;
  const available = cents(before.availableBalance) + price;

  // The dashboard total counts the reskin price; the earnings page does not.
  await seller.goto('/userPanel/user-dashboard');
  await expect(card(seller, 'Dashboard Total')).toContainText(usdOfCents(cents(before.dashboardTotal) + price + reskin));
  await expect(card(seller, 'Total Earnings')).toContainText(usdOfCents(earned));
  await expect(
    seller
      .getByRole('table', { name: 'Your latest sales' })
      .getByRole('row', { name: new RegExp(product.title.en) })
      .first(),
  ).toBeVisible();

  await seller.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Earnings' }).click();
  await expect(card(seller, 'Total Earnings')).toContainText(usdOfCents(earned));
  await expect(card(seller, 'Pending Withdrawals')).toContainText(usdOfCents(cents(before.pendingWithdrawals)));
  await expect(card(seller, 'Withdrawn')).toContainText(usdOfCents(cents(before.withdrawn)));
  await expect(card(seller, 'Available Balance')).toContainText(usdOfCents(available));

  // More than the balance is refused under the form; the price of the sale is accepted and the message clears.
  await seller.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Withdrawl Detail' }).click();
  await seller.getByLabel('PayPal Email').fill('pixel.forge@paypal.example.com');
  await seller.getByLabel('Withdraw Amount (USD)').fill(((available + 1) / 100).toFixed(2));
  await seller.getByRole('button', { name: 'Withdraw' }).click();
  // Money leaving asks for the password first, in place; the call then goes and is answered.
  await confirmItIsYou(seller, 'seller12345');
  const error = seller.getByRole('alert').filter({ hasText: 'Insufficient Balance' });
  await expect(error).toHaveText('Insufficient Balance: You do not have enough balance to withdraw this amount.');

  await seller.getByLabel('Withdraw Amount (USD)').fill((price / 100).toFixed(2));
  await seller.getByRole('button', { name: 'Withdraw' }).click();
  await expect(seller.getByText('Withdrawl request has been send successfully')).toBeVisible();
  await expect(error).toHaveCount(0);
  const myRequest = seller
    .getByRole('table', { name: 'Your withdrawal requests' })
    .getByRole('row')
    .filter({ hasText: usdOfCents(price) });
  await expect(myRequest.first()).toContainText('Pending');

  // The admin sees the payout after the 8% fee and marks it paid.
  await admin.goto('/adminPanel/pending-withdrawls-requests');
  await expect(
    admin.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Pending Withdrawls Requests' }),
  ).toHaveAttribute('aria-current', 'page');
  const pending = admin
    .getByRole('row')
    .filter({ hasText: 'pixel.forge@paypal.example.com' })
    .filter({ hasText: usdOfCents(price) })
    .first();
  await expect(pending).toContainText('Pixel Forge Studio');
  await expect(pending).toContainText(usdOfCents(Math.round((price * 92) / 100)));
  await pending.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByText('Withdrawal status updated')).toBeVisible();
  await admin.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Success Withdrawls Requests' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'pixel.forge@paypal.example.com' }).first()).toBeVisible();

  // The seller sees Success and the balance after the payout.
  await seller.reload();
  await expect(myRequest.first()).toContainText('Success');
  await seller.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Earnings' }).click();
  await expect(card(seller, 'Withdrawn')).toContainText(usdOfCents(cents(before.withdrawn) + price));
  await expect(card(seller, 'Pending Withdrawals')).toContainText(usdOfCents(cents(before.pendingWithdrawals)));
  await expect(card(seller, 'Available Balance')).toContainText(usdOfCents(available - price));

  // The statement tells the same story entry by entry, and its balance is the one above.
  await seller.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Statement' }).click();
  await expect(seller.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
  await expect(seller.getByText('Balance now:')).toContainText(usdOfCents(available - price));
  const entries = seller.getByRole('table', { name: 'Your statement, newest first' }).getByRole('row');
  await expect(entries.nth(1)).toContainText('Withdrawal request');
  await expect(entries.nth(1)).toContainText(`-${usdOfCents(price)}`);
  await expect(entries.nth(1)).toContainText(usdOfCents(available - price));
  await expect(
    entries
      .filter({ hasText: product.title.en })
      .filter({ hasText: `+${usdOfCents(price)}` })
      .first(),
  ).toContainText('Sale');
  const csv = await seller.request.get((await seller.getByRole('link', { name: 'Download CSV' }).getAttribute('href')) ?? '');
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).split('\r\n')[1]).toContain(
    `Withdrawal request,,,,-${(price / 100).toFixed(2)},${((available - price) / 100).toFixed(2)}`,
  );

  // The people pages count the sale.
  await admin.goto('/adminPanel/purchasers');
  await expect(admin.getByRole('row', { name: /Jamie Buyer/ })).toBeVisible();
  await admin.goto('/adminPanel/sellers');
  await expect(admin.getByRole('row', { name: /Pixel Forge Studio/ })).toContainText(usdOfCents(earned));
  // The admin reads the seller's statement from there: the seller's own figures.
  await admin.getByRole('link', { name: 'Statement of Pixel Forge Studio' }).click();
  await expect(admin).toHaveURL(/\/adminPanel\/sellers\/[^/]+\/statement$/);
  await expect(admin.getByRole('heading', { name: 'Statement of Pixel Forge Studio' })).toBeVisible();
  await expect(admin.getByText('Balance now:')).toContainText(usdOfCents(available - price));
  await admin.goBack();
  await expect(admin.getByRole('row', { name: /Pixel Forge Studio/ })).toBeVisible();
});
