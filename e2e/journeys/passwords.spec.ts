import { expect, test } from '@playwright/test';
import { newPerson, signUp } from '../support/accounts.js';

test('signing up with a common password shows the server’s reason and creates no account', async ({ page }) => {
  const person = newPerson('Weak Password');
  await signUp(page, { ...person, password: 'password1' });

  await expect(page.getByRole('alert')).toHaveText(
    'This password is too easy to guess: this is a commonly used password. Add more words that are less common.',
  );
  await expect(page).toHaveURL(/\/sign-up$/);
});
