import { expect, test } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { waitForHydration } from '../support/hydration.js';
import { approveAsAdmin, buyOne, newAccountApi, uploadProduct } from '../support/panels.js';

test('a buyer reviews a game, its seller replies, and the product page shows both to everybody', async ({ browser, baseURL }, testInfo) => {
  const title = `Reviewed Quest ${Date.now().toString(36)}`;
  const slug = title.replaceAll(' ', '-');
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Remy Seller');
  const uploaded = await uploadProduct(sellerApi, title);
  await approveAsAdmin(baseURL!, uploaded._id);
  const { api: buyerApi, person: buyer } = await newAccountApi(baseURL!, 'Rae Buyer');
  await buyOne(buyerApi, uploaded._id);

  // The buyer writes a review from the product page.
  const buyerPage = await (await browser.newContext()).newPage();
  await logIn(buyerPage, buyer.email, buyer.password);
  await expect(buyerPage).toHaveURL(/\/$/);
  await buyerPage.goto(`/downloads/${slug}`);
  await buyerPage.getByRole('tab', { name: 'Reviews' }).click();
  const form = buyerPage.getByRole('form', { name: 'Write a review' });
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel(/Your review/).fill('Clean project, my reskin took an afternoon.');
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(buyerPage.getByRole('tabpanel', { name: 'Reviews' }).getByText('4.0', { exact: true })).toBeVisible();
  // The rating under the title follows at once, without a reload.
  await expect(buyerPage.locator('.product-rating')).toContainText('4.0 from 1 review');

  // The seller is told, and replies from the same tab.
  const sellerPage = await (await browser.newContext()).newPage();
  await logIn(sellerPage, seller.email, seller.password);
  await expect(sellerPage).toHaveURL(/\/$/);
  await sellerPage.getByRole('button', { name: /^Notifications/ }).click();
  await expect(sellerPage.getByText(`New 4-star review of ${title}`)).toBeVisible();
  await sellerPage.goto(`/downloads/${slug}`);
  // The seller's Reply buttons are the app's (the server draws the page as a visitor sees it).
  await waitForHydration(sellerPage.getByRole('tab', { name: 'Reviews' }));
  await sellerPage.getByRole('tab', { name: 'Reviews' }).click();
  await sellerPage.getByRole('button', { name: 'Reply to Rae Buyer' }).click();
  await sellerPage.getByLabel('Your reply to Rae Buyer').fill('Thank you! A level editor is coming in 1.1.');
  await sellerPage.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(sellerPage.getByText('Thank you! A level editor is coming in 1.1.')).toBeVisible();

  // A visitor reads both, with the stars in words, and no form.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/downloads/${slug}`);
  await visitor.getByRole('tab', { name: 'Reviews' }).click();
  const reviews = visitor.getByRole('list', { name: 'Reviews, newest first' });
  await expect(reviews.getByText('Clean project, my reskin took an afternoon.')).toBeVisible();
  await expect(reviews.getByText('Thank you! A level editor is coming in 1.1.')).toBeVisible();
  await expect(reviews.getByText('4 out of 5 stars')).toBeAttached();
  await expect(visitor.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
  // The average sits under the title too, drawn by the server for the first screen.
  await expect(visitor.locator('.product-rating')).toHaveText('4 out of 5 stars★★★★☆ 4.0 from 1 review');

  for (const width of [375, 1280]) {
    for (const page of [visitor, sellerPage]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `reviews tab at ${width}px`);
      await page.getByRole('tab', { name: 'Reviews' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`reviews-${width}-${page === visitor ? 'visitor' : 'seller'}.png`) });
    }
  }
  // And on the product's card wherever it is listed.
  await visitor.goto(`/search-games?q=${encodeURIComponent(title)}`);
  const card = visitor.locator('main article.game-card').filter({ hasText: title });
  await expect(card.locator('.game-card-rating')).toContainText('4 out of 5 stars');
});
