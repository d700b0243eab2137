import { expect, test, type Page } from '../support/test.js';
import { confirmItIsYou, logIn, newPerson, signUp } from '../support/accounts.js';
import { expectAccessibleAtBothWidths } from '../support/axe.js';
import { latestMailTo } from '../support/outbox.js';

/** "Act as" in the header's user menu, unfolding the header first on a narrow screen. */
async function switchTo(page: Page, choice: RegExp) {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) await toggle.click();
  await page.locator('#user-menu').click();
  await page.getByRole('button', { name: choice }).click();
}

test('the demo seller makes a studio, a new Developer joins and acts for it, is refused the earnings, and loses it when removed', async ({
  page,
  browser,
}) => {
  // The owner: the demo seller turns their account into a studio.
  await logIn(page, 'seller@example.com', 'seller12345');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/userPanel/studio');
  await expect(page.getByRole('heading', { name: 'Work as a team' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the Studio page before the studio');
  await page.getByRole('button', { name: 'Turn my account into a studio' }).click();
  await page.getByRole('button', { name: 'Yes, make it a studio' }).click();
  await expect(page.getByText(/You are Owner of Pixel Forge Studio/)).toBeVisible();
  // The button that made it is gone; focus is on the words that say whose studio it is.
  await expect(page.getByText(/You are Owner of Pixel Forge Studio/)).toBeFocused();

  // The invitation, for a person who has no account yet.
  const person = newPerson('Dana Developer');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Role', { exact: true }).selectOption('developer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('heading', { name: 'Invitation sent' })).toBeFocused();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/studio\/invitations\/[\w-]+$/);
  expect(latestMailTo(person.email)?.text).toContain(link);
  await expect(page.getByRole('table', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: person.email })).toContainText(
    'Developer',
  );
  await expectAccessibleAtBothWidths(page, 'the Studio page with an invitation');

  // The member, in a browser of their own: the link first asks them to sign in or up.
  const memberPage = await (await browser.newContext()).newPage();
  const invitationPath = new URL(link).pathname;
  await memberPage.goto(invitationPath);
  await expect(memberPage.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  await expectAccessibleAtBothWidths(memberPage, 'the invitation to a visitor');
  await signUp(memberPage, person);
  // Signing up signs them in.
  await expect(memberPage).toHaveURL(/\/Login$/);
  await memberPage.goto(invitationPath);
  await memberPage.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(memberPage.getByRole('heading', { name: 'You joined Pixel Forge Studio as Developer' })).toBeFocused();
  await expectAccessibleAtBothWidths(memberPage, 'the accepted invitation');

  // The switcher in the header: acting for the studio, the panel says so and shows its products.
  // The browser keeps its cart to itself meanwhile: a member may not write the studio's.
  const listWritesRefused: string[] = [];
  memberPage.on('response', (response) => {
    if (/\/api\/(cart|wishlist)$/.test(new URL(response.url()).pathname) && response.status() === 403)
      listWritesRefused.push(response.url());
  });
  await memberPage.goto('/userPanel/user-uploaded-products');
  await switchTo(memberPage, /^Pixel Forge Studio — Developer/);
  // The header's user menu names whom the member acts as (the name's first 10 letters, as every name there).
  await expect(memberPage.locator('#user-menu')).toContainText('Pixel Forg');
  await expect(memberPage.getByText('You act for Pixel Forge Studio as Developer.')).toBeVisible();
  await expect(memberPage.getByRole('table').first()).toBeVisible();
  await expectAccessibleAtBothWidths(memberPage, "the studio's products, acting for it");

  // The earnings are not a Developer's: the page says why.
  await memberPage.goto('/userPanel/earnings-detail');
  await expect(
    memberPage.getByRole('alert').filter({ hasText: 'As Developer of Pixel Forge Studio you cannot use sales, earnings' }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(memberPage, 'the refused earnings page');
  expect(listWritesRefused).toEqual([]);

  // The owner reads what the member did, then removes them.
  await page.reload();
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row').filter({ hasText: 'Joined as Developer' })).toContainText('Dana Developer');
  const memberRow = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: person.email });
  await memberRow.getByRole('button', { name: 'Remove' }).click();
  await memberRow.getByRole('button', { name: 'Yes, remove' }).click();
  // Taking access away asks the owner to confirm it is them (docs/decisions/0016).
  await confirmItIsYou(page, 'seller12345');
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: person.email })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Members' })).toBeFocused();
  await expect(audit.getByRole('row').filter({ hasText: 'Removed a member' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the Studio page after the removal');

  // The member's next page is their own again: no studio, no switcher, their own name.
  await memberPage.goto('/userPanel/user-uploaded-products');
  await expect(memberPage.getByRole('heading', { name: 'Manage Products' }).first()).toBeVisible();
  await expect(memberPage.getByText('You act for Pixel Forge Studio')).toHaveCount(0);
  await expect(memberPage.locator('#user-menu')).toContainText('Dana Devel');
  const current = await memberPage.evaluate(async () => (await fetch('/api/user/currentUser')).json());
  expect(current).toMatchObject({ name: 'Dana Developer', email: person.email });
});
