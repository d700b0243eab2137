import { generate } from 'otplib';
import { expect, test, type Page } from '../support/test.js';
import { confirmItIsYou, logIn, newPerson, signUp } from '../support/accounts.js';
import { expectAccessibleAtBothWidths } from '../support/axe.js';
import { tabTo } from '../support/keyboard.js';

const PERIOD_SECONDS = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);

/** Signs this browser out the way a lost cookie would: the server keeps the session, so it is listed. */
async function leaveWithoutSigningOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
}

test('a person confirms a token in place, sets up an authenticator app by keyboard, signs in with a code and a recovery code, and signs other browsers out', async ({
  page,
}) => {
  const person = newPerson('Tova Twofactor');
  await signUp(page, person);
  await expect(page).toHaveURL(/\/Login$/);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);

  // A token needs a fresh confirmation: the dialog asks for the password in place and the call goes through.
  await page.goto('/userPanel/api-tokens');
  await page.getByLabel('Token name').fill('Build server');
  await page
    .getByRole('group', { name: 'What the token may do' })
    .getByRole('checkbox', { name: /licences:read/ })
    .check();
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await expectAccessibleAtBothWidths(page, 'step-up dialog');
  await confirmItIsYou(page, person.password);
  await expect(page.getByRole('rowheader', { name: 'Build server' })).toBeVisible();

  // The Security page from the panel's menu; enrolment by keyboard alone.
  await page.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'security page, two-factor off');
  await tabTo(page, page.getByRole('button', { name: 'Set up an authenticator app' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Scan this QR code with your authenticator app' })).toBeFocused();
  await expect(page.getByRole('img', { name: /QR code for your authenticator app/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessibleAtBothWidths(page, 'security page, enrolling');

  await tabTo(page, page.getByLabel('The 6-digit code the app shows'));
  await page.keyboard.type(await generate({ secret }));
  const enrolledStep = stepNow();
  await page.keyboard.press('Enter');
  const codesShown = page.getByRole('region', { name: /Save your recovery codes now/ });
  await expect(codesShown.getByRole('heading')).toBeFocused();
  const recoveryCodes = (await codesShown.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts()).map((code) =>
    code.trim(),
  );
  expect(recoveryCodes).toHaveLength(10);
  await expectAccessibleAtBothWidths(page, 'security page, recovery codes');
  await tabTo(page, codesShown.getByRole('link', { name: 'Download' }));
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('marketplace-recovery-codes.txt');
  await tabTo(page, codesShown.getByRole('button', { name: 'I have saved them' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Signing in asks for a code from your authenticator app')).toBeVisible();

  // Signing in again: the password, then a recovery code.
  await leaveWithoutSigningOut(page);
  await logIn(page, person.email, person.password);
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await expect(page.getByLabel('Authentication code')).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessibleAtBothWidths(page, 'sign-in code step');
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);

  // And with a code from the app: the enrolment's time step is spent, so the app's next code, which
  // a clock a little ahead shows and the server takes (one step either side of now).
  await leaveWithoutSigningOut(page);
  await logIn(page, person.email, person.password);
  const nextStep = Math.max(stepNow(), enrolledStep) + 1;
  await page.getByLabel('Authentication code').fill(await generate({ secret, epoch: nextStep * PERIOD_SECONDS }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Three browsers signed in: this one, and the two left behind.
  await page.goto('/userPanel/security');
  const sessions = page.getByRole('table');
  await expect(sessions.getByRole('row')).toHaveCount(4);
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await expectAccessibleAtBothWidths(page, 'security page, sessions');
  const other = sessions
    .getByRole('row')
    .filter({ hasNot: page.getByText('This device') })
    .nth(1);
  await other.getByRole('button', { name: 'Sign out' }).click();
  await other.getByRole('button', { name: 'Yes, sign out' }).click();
  await expect(sessions.getByRole('row')).toHaveCount(3);
  // Focus goes on to the Sign out of the browser now in the signed-out one's place.
  await expect(sessions.getByRole('button', { name: 'Sign out', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await page.getByRole('button', { name: 'Yes, sign them out' }).click();
  await expect(page.getByText('Signed out 1 other session')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toHaveCount(0);
});

test('a person changes their email and then their password on the Security page, confirming it is them first', async ({ page }) => {
  const person = newPerson('Eli Email');
  await signUp(page, person);
  await expect(page).toHaveURL(/\/Login$/);
  await page.goto('/userPanel/security');
  await expect(page.getByRole('heading', { name: 'Email and password' })).toBeVisible();
  await expect(page.getByText(`You sign in with ${person.email}.`)).toBeVisible();

  const newEmail = person.email.replace('morgan.', 'eli.');
  await page.getByLabel('New email').fill('not-an-email');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByLabel('New email')).toBeFocused();
  await expect(page.getByLabel('New email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('New email').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  // A session that just signed up has not confirmed anything: the dialog asks, then the change goes through.
  await confirmItIsYou(page, person.password);
  await expect(page.getByText(`Your email is now ${newEmail}.`)).toBeVisible();
  await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(`${person.password}-renewed`);
  await page.getByLabel('Confirm the new password').fill(`${person.password}-renewed`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'security page, email and password changed');

  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await logIn(page, newEmail, `${person.password}-renewed`);
  await expect(page).toHaveURL(/\/$/);
});
