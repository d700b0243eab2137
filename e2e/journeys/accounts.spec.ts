import { expect, test } from '../support/test.js';
import { logIn, newPerson, signUp } from '../support/accounts.js';

test('a visitor signs up, is told the account is ready, sees their name and menu, and logs out', async ({ page }) => {
  const person = newPerson('Morgan Freelancer');

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await signUp(page, person);
  await expect(page).toHaveURL(/\/Login$/);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('userData') ?? 'null')?.email)).toBe(person.email);

  // Signed in already: /Login does not ask again, it offers to continue.
  await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
  await expect(page.getByText('Your account is ready.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);

  // docs/product-spec.md §2.1: the first 10 characters of the name, and the User dropdown.
  const menuToggle = page.getByRole('button', { name: 'Morgan Fre', exact: true });
  await expect(menuToggle).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await menuToggle.click();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' }).or(page.getByRole('link', { name: 'Dashboard' }))).toBeVisible();
  await expect(page.getByText('Whishlist Products')).toBeVisible();
  await expect(page.getByText('Upload Product')).toHaveCount(0);

  // The session survives a reload (restored from sessionStorage, confirmed by the server).
  await page.reload();
  await expect(menuToggle).toBeVisible();

  await menuToggle.click();
  await page.getByText('Logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('userData'))).toBeNull();

  // The server session is gone too: the panel sends the visitor to the login page.
  await page.goto('/userPanel/user-dashboard');
  await expect(page).toHaveURL(/\/Login$/);
});

test('a wrong password shows the server message in red above the form', async ({ page }) => {
  await logIn(page, 'admin@example.com', 'not-the-password');

  const message = page.getByRole('alert');
  await expect(message).toHaveText('Invalid email or password');
  // A red dark enough for 4.5:1 on the page (#b02a37), not Bootstrap's 4.2:1 #dc3545.
  await expect(message).toHaveCSS('color', 'rgb(176, 42, 55)');
  await expect(page).toHaveURL(/\/Login$/);
});

test('signing up with a taken email shows why under the form', async ({ page }) => {
  const person = newPerson('Taken Email');
  await signUp(page, { ...person, email: 'seller@example.com' });

  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists');
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('the admin sees the admin menu and the admin panel', async ({ page }) => {
  await logIn(page, 'admin@example.com', 'admin12345');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Demo Admin', exact: true }).click();
  await expect(page.getByText('Upload Product')).toBeVisible();
  await expect(page.getByText('Manage Products')).toBeVisible();
  await expect(page.getByText('Dashboard')).toHaveCount(0);
});

test('a signed-in user on the other role’s panel is told it is not for their account', async ({ page }) => {
  await page.goto('/Login');
  await page.getByLabel('User Email').fill('buyer@example.com');
  await page.getByLabel('User Password').fill('buyer12345');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/adminPanel/all-users');

  await expect(page).toHaveURL(/\/adminPanel\/all-users$/);
  await expect(page.getByRole('heading', { name: 'This page is not for your account' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your panel' }).click();
  await expect(page).toHaveURL(/\/userPanel/);
  await expect(page.getByRole('navigation', { name: 'User Panel' })).toBeVisible();
});
