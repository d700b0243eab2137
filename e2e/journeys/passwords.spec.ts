import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '../support/test.js';
import { logIn, newPerson, signUp } from '../support/accounts.js';
import { latestMailTo } from '../support/outbox.js';

test('signing up with a common password shows the server’s reason and creates no account', async ({ page }) => {
  const person = newPerson('Weak Password');
  await signUp(page, { ...person, password: 'password1' });

  await expect(page.getByRole('alert')).toHaveText(
    'This password is too easy to guess: this is a commonly used password. Add more words that are less common.',
  );
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('a user who forgot their password resets it through the mailed link, and only the new one works', async ({ page }) => {
  const person = newPerson('Forgetful Fran');
  await signUp(page, person);
  await expect(page).toHaveURL(/\/Login$/);
  // Days later, on another browser: signed out.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/Login');

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'If an account exists for that email, we have sent a link to reset its password.',
  );

  let mail: ReturnType<typeof latestMailTo>;
  await expect.poll(() => (mail = latestMailTo(person.email))?.subject).toBe('Reset your password');
  const link = /https?:\/\/[^/\s]+(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(link).not.toBeNull();

  await page.goto(link![1]!);
  const newPassword = `${person.password}-renewed`;
  await page.getByLabel('New Password', { exact: true }).fill('password1');
  await page.getByLabel('Confirm New Password').fill('password1');
  await page.getByRole('button', { name: 'Change password' }).click();
  const passwordField = page.getByLabel('New Password', { exact: true });
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText('This password is too easy to guess');

  await passwordField.fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Your password has been changed. You have been signed out everywhere; log in with your new password.',
  );

  // The link works once.
  await page.goto(link![1]!);
  await page.getByLabel('New Password', { exact: true }).fill(`${newPassword}-again`);
  await page.getByLabel('Confirm New Password').fill(`${newPassword}-again`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link has expired or has already been used.');
  await expect(page.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');

  await logIn(page, person.email, person.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, person.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
});

test('the forgot and reset pages, with their error states, have no WCAG 2.2 AA violations at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  const violations = async () => (await new AxeBuilder({ page }).withTags(wcag22aa).analyze()).violations.map((violation) => violation.id);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto('/reset-password?token=unknown');
  await page.getByLabel('New Password', { exact: true }).fill('velvet-harbour-77');
  await page.getByLabel('Confirm New Password').fill('velvet-harbour-78');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Confirm New Password')).toHaveAccessibleDescription('Passwords do not match');
  expect(await violations()).toEqual([]);

  await page.getByLabel('Confirm New Password').fill('velvet-harbour-77');
  await page.getByLabel('Confirm New Password').press('Enter');
  await expect(page.getByRole('link', { name: 'Ask for a new reset link' })).toBeVisible();
  expect(await violations()).toEqual([]);
});
