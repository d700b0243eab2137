import { type Browser, expect, type Page, test } from '../support/test.js';
import { confirmItIsYou, logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { latestMailTo } from '../support/outbox.js';

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

/** A day `days` from now as YYYY-MM-DD, and as the pages write it ("Dec 4, 2026", UTC). */
function dayAhead(days: number) {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const iso = date.toISOString().slice(0, 10);
  const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  return { iso, shown };
}

test('an admin holds a seller’s payouts from the seller page, the seller sees why and is refused a withdrawal, and the admin releases it', async ({
  browser,
}) => {
  const seller = await signedInPage(browser, 'seller@example.com', 'seller12345');
  const admin = await signedInPage(browser, 'admin@example.com', 'admin12345');
  const me = (await (await seller.request.get('/api/user/currentUser')).json()) as { _id: string; name: string };
  const review = dayAhead(10);
  const needed = `Upload a photo of your passport (journey ${Date.now().toString(36)}).`;

  // The admin places the hold from the seller's page.
  await admin.goto('/adminPanel/sellers');
  await admin.getByRole('link', { name: `Statement of ${me.name}` }).click();
  await expect(admin).toHaveURL(new RegExp(`/adminPanel/sellers/${me._id}/statement$`));
  await expect(admin.getByRole('heading', { name: 'Payout holds' })).toBeVisible();
  const form = admin.getByRole('form', { name: 'Hold this seller’s payouts' });
  // An empty form is refused field by field before anything is sent.
  await form.getByRole('button', { name: 'Place hold' }).click();
  await expect(form.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Say what the seller must do')).toBeVisible();
  await form.getByLabel('Reason').selectOption({ label: 'Identity check' });
  await form.getByLabel('What the seller must do').fill(needed);
  await form.getByLabel('Review by').fill(review.iso);
  await form.getByRole('button', { name: 'Place hold' }).click();
  await expect(form.getByText(`Hold placed: Identity check, under review until ${review.shown}.`)).toBeVisible();
  const history = admin.getByRole('list', { name: 'Holds, newest first' });
  const placed = history.getByRole('article').filter({ hasText: needed });
  await expect(placed).toContainText('Open');
  await expect(placed).toContainText('held by');
  // The seller is mailed what to do and by when.
  await expect.poll(() => latestMailTo('seller@example.com')?.subject).toBe('Your payouts are on hold: Identity check');
  expect(latestMailTo('seller@example.com')?.text).toContain(needed);
  expect(latestMailTo('seller@example.com')?.text).toContain(`Under review until: ${review.iso}`);

  // The seller sees the reason, what to do and the review date on the earnings page, at both widths.
  for (const width of [375, 1280]) {
    await seller.setViewportSize({ width, height: 900 });
    await seller.goto('/userPanel/earnings-detail');
    await expect(seller.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    const alert = seller.getByRole('region', { name: 'Your payouts are on hold: Identity check' });
    await expect(alert).toContainText(`What to do: ${needed}`);
    await expect(alert).toContainText(`Under review until ${review.shown}`);
    await expect(seller.locator('.page-spinner')).toHaveCount(0);
    await expectNoAxeViolations(seller, `earnings at ${width} px`);
  }

  // The withdrawal is refused with the reason and the review date.
  await seller.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Withdrawl Detail' }).click();
  await seller.getByLabel('PayPal Email').fill('pixel.forge@paypal.example.com');
  await seller.getByLabel('Withdraw Amount (USD)').fill('1');
  await seller.getByRole('button', { name: 'Withdraw' }).click();
  await confirmItIsYou(seller, 'seller12345');
  await expect(seller.getByRole('alert').filter({ hasText: 'Your payouts are on hold' })).toHaveText(
    `Your payouts are on hold (Identity check) until ${review.iso}: ${needed}`,
  );

  // The admin's page passes axe too, at both widths, before the release; the holds come after the
  // seller's name and balance, and before the account's entries.
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    const tops = await Promise.all(
      [`Statement of ${me.name}`, 'Payout holds', 'Account entries'].map(
        async (name) => (await admin.getByRole('heading', { name, exact: true }).boundingBox())!.y,
      ),
    );
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    await expectNoAxeViolations(admin, `admin seller page at ${width} px`);
  }
  // The admin releases it, after confirming; the hold stays in the history as released.
  await placed.getByRole('button', { name: 'Release hold: Identity check' }).click();
  await placed.getByLabel('Note for the seller (optional)').fill('Passport checked');
  await placed.getByRole('button', { name: 'Yes, release' }).click();
  await expect(placed).toContainText('Released by');
  await expect(placed).toContainText('Passport checked');
  await expect.poll(() => latestMailTo('seller@example.com')?.subject).toBe('The hold on your payouts was released');

  await seller.goto('/userPanel/earnings-detail');
  await expect(seller.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  await expect(seller.locator('.page-spinner')).toHaveCount(0);
  await expect(seller.getByRole('region', { name: /Your payouts are on hold/ })).toHaveCount(0);
});
