import { expect, test } from '@playwright/test';
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

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toContainText('If an account exists for that email, we have sent a link to reset its password.');

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
