import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

let counter = 0;

/**
 * A new visitor's details, unique per run so journeys never collide on the email. The password
 * ends in a random stamp, so the server's strength rule (zxcvbn score 3 or more) accepts it.
 */
export function newPerson(name = 'Morgan Freelancer') {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return { name, email: `morgan.${stamp}@example.com`, number: '+1 555 0199', password: `secret-${stamp}` };
}

export async function signUp(page: Page, person: ReturnType<typeof newPerson>) {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Number').fill(person.number);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/**
 * The in-place step-up dialog (docs/decisions/0016): a call that needs a fresh confirmation opens
 * it; the password of an account without a second factor confirms, and the call is sent again.
 */
export async function confirmItIsYou(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/Login');
  await expect(page.getByRole('heading', { name: 'Login to account' })).toBeVisible();
  await page.getByLabel('User Email').fill(email);
  await page.getByLabel('User Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}
