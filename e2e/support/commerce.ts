import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { newPerson, signUp } from './accounts.js';
import { waitForHydration } from './hydration.js';

export interface ProductFacts {
  _id: string;
  slug: string;
  title: { en: string };
  singleAppLicense: number;
  multiAppLicense: number;
}

/** Dollars as every page shows them: thousands separators and cents, e.g. $1,049.00. */
export const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

export async function productBySlug(api: APIRequestContext, slug: string): Promise<ProductFacts> {
  const response = await api.get(`/api/product/by-slug/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ProductFacts;
}

/** An API client signed in as `email`, for checks the page does not show (stored purchases, the seller's file). */
export async function apiAs(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/user/signIn', { data: { email, password } });
  expect(response.ok()).toBe(true);
  // The journeys' API helpers make tokens, withdrawals and deletions: confirmed for the next 10 minutes (docs/decisions/0016).
  const steppedUp = await api.post('/api/user/2fa/step-up', { data: { password } });
  expect(steppedUp.ok(), await steppedUp.text()).toBe(true);
  return api;
}

/**
 * The product page's own Add to cart, not a card's under "Buyers also bought" (the cards' buttons
 * have the same name, told apart by their description).
 */
export const productAddToCart = (page: Page) => page.locator('.purchase-box').getByRole('button', { name: 'Add to cart' });

/** Opens the product's page and adds it to the cart with the chosen licence. */
export async function addToCartFromDetail(page: Page, product: ProductFacts, license: 'Single App License' | 'Multi App License') {
  await page.goto(`/downloads/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title.en })).toBeVisible();
  // A choice made before React takes the server-drawn page over is reset to the default by hydration.
  await waitForHydration(page.getByLabel(license));
  await page.getByLabel(license).check();
  await productAddToCart(page).click();
  await expect(page.getByText('Add To Cart Successfully')).toBeVisible();
}

/** A new buyer, signed up and logged in through the pages. */
export async function newBuyer(page: Page) {
  const person = newPerson('Casey Buyer');
  await signUp(page, person);
  await expect(page).toHaveURL(/\/Login$/);
  // Signing up signs in: /Login offers to continue.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  return person;
}
