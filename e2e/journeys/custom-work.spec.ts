import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { apiAs } from '../support/commerce.js';
import { makeZipOf, PNG_IMAGE } from '../support/files.js';
import { approveAsAdmin, newAccountApi, uploadProduct } from '../support/panels.js';

/**
 * Custom work in escrow (docs/decisions/0013), walked by its buyer, its seller and an admin, each in
 * a browser of their own: a quote on a reskin request, paid into escrow, delivered, accepted or disputed.
 */

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };

/** The product's own archive, and a delivery that changes one file and adds one. */
const PRODUCT_FILES = { 'README.md': '# Frost Runner\n', 'src/main.js': 'console.log("run")\n' };
const delivery = (round: number) =>
  makeZipOf({
    'README.md': `# Frost Runner, reskinned (${round})\n`,
    'src/main.js': 'console.log("run")\n',
    'src/theme.js': `export const theme = ${round};\n`,
  });

interface Side {
  page: Page;
  api: APIRequestContext;
  person: { name: string; email: string; password: string };
}

/** A seller's approved product and a buyer who asked for a reskin of it: where a quote goes. */
async function reskinAsked(baseURL: string) {
  const title = `Frost Runner ${Date.now().toString(36)}`;
  const seller = await newAccountApi(baseURL, 'Sasha Seller');
  const product = await uploadProduct(seller.api, title, 30, makeZipOf(PRODUCT_FILES));
  await approveAsAdmin(baseURL, product._id);
  const buyer = await newAccountApi(baseURL, 'Bea Buyer');
  const asked = await buyer.api.post('/api/reskin/reskinFeatureUser', { data: { productId: product._id, message: 'Yes' } });
  expect(asked.ok(), await asked.text()).toBe(true);
  return { title, productId: product._id, seller, buyer };
}

async function signedIn(browser: Browser, width: number, person: Side['person'], baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logIn(page, person.email, person.password);
  await expect(page).not.toHaveURL(/\/Login$/);
  return page;
}

async function quote(seller: APIRequestContext, buyerId: string, productId: string, priceCents: number) {
  const response = await seller.post('/api/custom-work', {
    data: {
      buyerId,
      productId,
      scopeHtml: '<p>Winter art for every level, and a new title screen.</p>',
      priceCents,
      dueAt: new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

const userIdOf = async (api: APIRequestContext) => ((await (await api.get('/api/user/currentUser')).json()) as { _id: string })._id;

async function payIntoEscrow(buyer: Page, amount: string) {
  await buyer.getByRole('link', { name: `Pay ${amount} into escrow` }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Pay into escrow' })).toBeVisible();
  await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await buyer.getByLabel('Expiry (MM/YY)').fill('12/34');
  await buyer.getByLabel('CVC').fill('123');
  await buyer.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(buyer.getByText('Paid into escrow: the seller can start the work')).toBeVisible();
  await expect(buyer.getByText('Paid into escrow, in progress')).toBeVisible();
}

async function deliver(seller: Page, id: string, round: number) {
  await seller.goto(`/custom-work/${id}`);
  await seller
    .getByLabel('The project as a .zip')
    .setInputFiles({ name: `delivery-${round}.zip`, mimeType: 'application/zip', buffer: delivery(round) });
  await seller.getByLabel('A note for the buyer').fill(`Round ${round} of the winter art`);
  await seller.getByRole('button', { name: 'Deliver' }).click();
  await expect(seller.getByText('Delivered, waiting for the buyer')).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`at ${width} px, a buyer pays a quote into escrow, asks for changes to the first delivery, accepts the second, and the seller's statement shows the release`, async ({
    browser,
    baseURL,
  }) => {
    const { seller, buyer, title } = await reskinAsked(baseURL!);

    // The seller quotes the buyer who asked for a reskin, from the panel's list of requests.
    const sellerPage = await signedIn(browser, width, seller.person, baseURL!);
    await sellerPage.goto('/userPanel/custom-work');
    const request = sellerPage.getByRole('listitem').filter({ has: sellerPage.getByRole('heading', { name: `Bea Buyer on ${title}` }) });
    await request.getByRole('button', { name: 'Send a quote' }).click();
    await sellerPage.getByLabel('Scope of the work').fill('Winter art for every level, and a new title screen.');
    await sellerPage.getByLabel('Price in US dollars').fill('250');
    await sellerPage.getByLabel('Delivery date').fill(new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10));
    await expectNoAxeViolations(sellerPage, `the quote form at ${width} px`);
    await sellerPage.getByRole('button', { name: 'Send the quote' }).click();
    await expect(sellerPage).toHaveURL(/\/custom-work\/[A-Za-z0-9_-]+$/);
    const id = new URL(sellerPage.url()).pathname.split('/').pop()!;

    const buyerPage = await signedIn(browser, width, buyer.person, baseURL!);
    await buyerPage.goto(`/custom-work/${id}`);
    await expect(buyerPage.getByText('Quoted, waiting for the buyer')).toBeVisible();
    await expect(buyerPage.getByText('Winter art for every level')).toBeVisible();
    await expectNoAxeViolations(buyerPage, `the quote at ${width} px`);
    await buyerPage.getByRole('button', { name: 'Accept the quote' }).click();
    await payIntoEscrow(buyerPage, '$250.00');

    await deliver(sellerPage, id, 1);
    await expectNoAxeViolations(sellerPage, `the delivered order at ${width} px`);

    // The buyer reads the analysis of the delivery, its difference with the product, and asks for changes.
    await buyerPage.reload();
    await expect(buyerPage.getByText('Against version 1.0.0: 1 added, 1 changed, 0 removed, 1 unchanged')).toBeVisible();
    await buyerPage.getByText(/Against version/).click();
    await expect(buyerPage.getByText('src/theme.js')).toBeVisible();
    await expectNoAxeViolations(buyerPage, `a delivery's analysis at ${width} px`);
    await buyerPage.getByRole('button', { name: 'Ask for changes' }).click();
    await buyerPage.getByLabel('What should change').fill('The title screen is still summer');
    await buyerPage.getByRole('button', { name: 'Ask for changes' }).click();
    await expect(buyerPage.getByText('Changes requested', { exact: true })).toBeVisible();

    await deliver(sellerPage, id, 2);
    await buyerPage.reload();
    await expect(buyerPage.getByRole('heading', { name: /^Delivery 2/ })).toBeVisible();
    await buyerPage.getByRole('button', { name: 'Accept the delivery' }).click();
    await buyerPage.getByRole('button', { name: 'Yes, pay $250.00 to the seller' }).click();
    await expect(buyerPage.getByText('Completed and paid')).toBeVisible();

    await sellerPage.goto('/userPanel/statement');
    await expect(
      sellerPage.getByRole('cell', { name: 'Custom work released' }).or(sellerPage.getByText('Custom work released')).first(),
    ).toBeVisible();
    await expect(sellerPage.getByText('$250.00').first()).toBeVisible();
  });

  test(`at ${width} px, a dispute over a delivery is argued with evidence, split 60/40 by an admin who reads the chat, and reviewed`, async ({
    browser,
    baseURL,
  }) => {
    const { seller, buyer, productId, title } = await reskinAsked(baseURL!);
    const wrote = await buyer.api.post('/api/reskin/reskinFeatureUser', {
      data: { productId, message: 'Winter art for all 12 levels, please' },
    });
    expect(wrote.ok(), await wrote.text()).toBe(true);
    const id = await quote(seller.api, await userIdOf(buyer.api), productId, 10_000);
    const buyerPage = await signedIn(browser, width, buyer.person, baseURL!);
    await buyerPage.goto(`/custom-work/${id}`);
    await buyerPage.getByRole('button', { name: 'Accept the quote' }).click();
    await payIntoEscrow(buyerPage, '$100.00');
    const sellerPage = await signedIn(browser, width, seller.person, baseURL!);
    await deliver(sellerPage, id, 1);

    await buyerPage.reload();
    await buyerPage.getByRole('button', { name: 'Open a dispute' }).click();
    await buyerPage.getByLabel('What went wrong').fill('Half of the levels still have the old art');
    await buyerPage.getByRole('button', { name: 'Open the dispute' }).click();
    await expect(buyerPage.getByText('Disputed', { exact: true })).toBeVisible();

    // Each side argues its case: the buyer with a screenshot, the seller in words.
    await buyerPage.getByLabel('Your evidence').fill('Level 7, as delivered: still the summer art');
    await buyerPage.getByLabel(/^File/).setInputFiles({ name: 'level-7.png', mimeType: 'image/png', buffer: PNG_IMAGE });
    await buyerPage.getByRole('button', { name: 'Add evidence' }).click();
    await expect(buyerPage.getByRole('link', { name: /level-7\.png/ })).toBeVisible();
    await expectNoAxeViolations(buyerPage, `a dispute's evidence at ${width} px`);
    await sellerPage.goto(`/custom-work/${id}`);
    await sellerPage.getByLabel('Your evidence').fill('Levels 1 to 6 are done; 7 to 12 were not in the quote');
    await sellerPage.getByRole('button', { name: 'Add evidence' }).click();
    await expect(sellerPage.getByText('Levels 1 to 6 are done')).toBeVisible();

    const adminPage = await signedIn(browser, width, { name: 'Admin', ...ADMIN }, baseURL!);
    await adminPage.goto(`/custom-work/${id}`);
    await expect(adminPage.locator('.custom-work-dispute').getByText('Half of the levels still have the old art')).toBeVisible();
    await expect(adminPage.getByRole('link', { name: /level-7\.png/ })).toBeVisible();
    await expect(adminPage.getByText('Levels 1 to 6 are done')).toBeVisible();
    await expect(adminPage.getByRole('heading', { name: 'The chat' })).toBeVisible();
    await expect(adminPage.getByText('Winter art for all 12 levels, please')).toBeVisible();
    // Nothing is chosen in advance: Resolve alone asks for the outcome.
    await adminPage.getByRole('button', { name: 'Resolve' }).click();
    await expect(adminPage.getByText('Choose release, refund or split')).toBeVisible();
    await adminPage.getByLabel('Split between them').check();
    await adminPage.getByLabel('The seller’s share, in percent').fill('60');
    await expect(adminPage.getByText('$60.00 to the seller, $40.00 back to the buyer.')).toBeVisible();
    await expectNoAxeViolations(adminPage, `the admin's resolution at ${width} px`);
    await adminPage.getByLabel('Why, for both sides').fill('Half of the levels were delivered');
    await adminPage.getByRole('button', { name: 'Resolve' }).click();
    await expect(adminPage.getByText('Dispute resolved')).toBeVisible();

    await buyerPage.reload();
    await expect(buyerPage.getByText('Resolved: $60.00 to the seller, $40.00 back to the buyer.', { exact: false })).toBeVisible();
    await sellerPage.goto('/userPanel/statement');
    await expect(sellerPage.getByText('Custom work released').first()).toBeVisible();
    await expect(sellerPage.getByText('$60.00').first()).toBeVisible();
    const sellerApi = await apiAs(baseURL!, seller.person.email, seller.person.password);
    expect(
      ((await (await sellerApi.get('/api/user/statement')).json()) as { entries: Array<{ amountCents: number }> }).entries[0]?.amountCents,
    ).toBe(6_000);

    // The seller was paid for part of it: the buyer may review the work, and the product's page shows it.
    await buyerPage.getByLabel('3 stars').check();
    await buyerPage.getByLabel('Your review').fill('Good art for the levels they did; the rest took a dispute.');
    await buyerPage.getByRole('button', { name: 'Post review' }).click();
    await expect(buyerPage.getByText('Good art for the levels they did')).toBeVisible();
    await buyerPage.getByRole('link', { name: title }).click();
    await buyerPage.getByText(/^Custom work on this product/).click();
    await expect(
      buyerPage.getByRole('list', { name: 'Reviews of custom work' }).getByText('Good art for the levels they did'),
    ).toBeVisible();
  });
}
