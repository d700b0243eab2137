import { expect, test } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { tabTo } from '../support/keyboard.js';

// This project's server takes payments through the fake Stripe, which lists its balance transactions
// as Stripe does (docs/decisions/0012, "Reconciliation"). A run's period ends an hour before it starts,
// so the purchases other journeys made minutes ago wait for a later run: this one agrees.
for (const width of [375, 1280]) {
  test(`at ${width} px, an admin opens Reconciliation from the panel's menu, runs it by keyboard and reads that Stripe and the ledger agree`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, 'admin@example.com', 'admin12345');
    await expect(page).toHaveURL(/\/$/);
    const admin = (await (await page.request.get('/api/user/currentUser')).json()) as { name: string };

    await page.goto('/adminPanel/all-users');
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page).toHaveURL(/\/adminPanel\/reconciliation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
    const run = page.getByRole('button', { name: 'Run now' });
    await expect(run).toBeEnabled();
    await expectNoAxeViolations(page, `reconciliation at ${width} px`);

    await tabTo(page, run);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('status').filter({ hasText: 'Compared' })).toHaveText(
      /^Compared \d+ Stripe transactions: Stripe and the ledger agree\.$/,
    );
    const lastRun = page.getByRole('region', { name: 'Last run' });
    await expect(lastRun.getByText(`run by ${admin.name}`)).toBeVisible();
    await expect(lastRun.getByText('Stripe transactions checked')).toBeVisible();
    await expect(lastRun.getByText('Stripe and the ledger agree.')).toBeVisible();
    await expectNoAxeViolations(page, `reconciliation after a run at ${width} px`);
  });
}
