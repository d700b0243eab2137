import { expect, test } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';

// This project's server simulates payments: there is no Stripe record to compare the ledger with
// (reconciliation-stripe.spec.ts runs it against the fake Stripe).
test('with simulated payments, the Reconciliation page says it needs Stripe and offers no run, at 375 and 1280 px', async ({ page }) => {
  await logIn(page, 'admin@example.com', 'admin12345');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/adminPanel/reconciliation');

  await expect(page.getByText(/^Reconciliation needs Stripe: payments are simulated/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run now' })).toHaveCount(0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `reconciliation with simulated payments at ${width} px`);
  }
});
