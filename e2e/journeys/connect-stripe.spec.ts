import { expect, test } from '../support/test.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { newBuyer } from '../support/commerce.js';

// This project's server runs with PAYOUT_MODE=connect against the fake Stripe, whose account links
// finish onboarding when followed and send the browser back to the earnings page (docs/decisions/0012).
// No webhook reaches the server here: the page back from Stripe asks Stripe itself.
for (const width of [375, 1280]) {
  test(`at ${width} px, a seller sets up payouts with Stripe and comes back to see them enabled`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const person = await newBuyer(page);

    await page.goto('/userPanel/earnings-detail');
    const section = page.getByRole('region', { name: 'Payouts with Stripe' });
    await expect(section.getByText('Not set up')).toBeVisible();
    await expectNoAxeViolations(page, 'earnings, not set up');

    // The account exists once the seller first asks; Stripe then lists what it needs.
    // Where the money goes needs a fresh confirmation (docs/decisions/0016).
    expect((await page.request.post('/api/user/2fa/step-up', { data: { password: person.password } })).status()).toBe(200);
    expect((await page.request.post('/api/payout/account')).status()).toBe(200);
    await page.reload();
    await expect(section.getByRole('list', { name: 'Stripe needs these details before it can pay you:' })).toContainText(
      'A bank account to receive payouts',
    );
    await expectNoAxeViolations(page, 'earnings, details needed');

    await section.getByRole('button', { name: 'Continue with Stripe' }).click();
    await expect(page).toHaveURL(/\/userPanel\/earnings-detail\?connect=return$/);
    await expect(section.getByText('Payouts are enabled: your earnings are sent to your Stripe account.')).toBeVisible();
    await expect(section.getByText('Enabled', { exact: true })).toBeVisible();
    // Enabled, the section says what can be paid out (nothing yet: a new seller) and lists no payouts.
    await expect(section.getByText('Available to pay out')).toBeVisible();
    await expect(section.getByText('No payouts yet.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Pay out now' })).toBeDisabled();
    await expectNoAxeViolations(page, 'earnings, enabled');
    const account = (await (await page.request.get('/api/payout/account')).json()) as { state: string };
    expect(account.state).toBe('enabled');
  });
}
