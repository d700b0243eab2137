import { expect, test } from '../support/test.js';
import { newPerson } from '../support/accounts.js';

/** Every form shows its first error where the person looks: scrolled into view, with focus on its field. */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a refused sign-up shows the server’s message in view and moves focus to the field it names', async ({ page }) => {
      const person = newPerson('Sam Taken');
      await page.goto('/sign-up');
      await page.getByLabel('Name').fill(person.name);
      // An email that already has an account.
      await page.getByLabel('Email').fill('buyer@example.com');
      await page.getByLabel('Number').fill(person.number);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
      await page.getByLabel('Confirm Password').fill(person.password);
      await page.getByRole('button', { name: 'Sign Up' }).click();

      const message = page.getByRole('alert').filter({ hasText: /./ }).first();
      await expect(message).toBeVisible();
      await expect(message).toBeInViewport();
      const email = page.getByLabel('Email');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toBeFocused();
      await expect(email).toBeInViewport();

      // Again with a password the server finds too weak: focus moves to that field this time.
      await email.fill(person.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('password');
      await page.getByLabel('Confirm Password').fill('password');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      const password = page.getByRole('textbox', { name: 'Password', exact: true });
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toBeFocused();
      await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeInViewport();
    });

    test('a contact form sent with empty fields shows its message in view and focuses the first empty field', async ({ page }) => {
      await page.goto('/contact-us');
      await page.getByRole('form', { name: 'Contact us' }).getByLabel('Email').fill('someone@example.com');
      await page.getByRole('button', { name: /send/i }).click();

      await expect(page.getByText('Field with * should be filled')).toBeInViewport();
      await expect(page.getByRole('form', { name: 'Contact us' }).getByLabel(/^Name/)).toBeFocused();
    });
  });
}
