import { expect, test, type Page } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { addToCartFromDetail, productBySlug } from '../support/commerce.js';
import { newAccountApi } from '../support/panels.js';

const stored = (page: Page, key: 'cartProduct' | 'whishList') =>
  page.evaluate(
    (name) => (JSON.parse(localStorage.getItem(name) ?? '[]') as Array<{ title: { en: string } }>).map((item) => item.title.en),
    key,
  );

async function logOut(page: Page, shortName: string) {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('button', { name: shortName, exact: true }).click();
  await page.getByText('Logout').click();
  await expect(page.getByRole('button', { name: shortName, exact: true })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('userData'))).toBeNull();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the cart and wishlist belong to the account: merged at sign-in, gone at sign-out, back at the next sign-in', async ({
      page,
      baseURL,
    }) => {
      const bubble = await productBySlug(page.request, 'Bubble-Pop-Saga');
      const poker = await productBySlug(page.request, 'Poker-Night');
      // The account already holds Poker Night in its cart, from another computer.
      const { api, person } = await newAccountApi(baseURL!, 'Robin Shared');
      const put = await api.put('/api/cart', {
        headers: { origin: baseURL! },
        data: { items: [{ productId: poker._id, selectedLicense: 'Single App License', isReskin: 'false' }] },
      });
      expect(put.ok(), await put.text()).toBe(true);

      // As a visitor at the shared computer: Bubble Pop Saga in the cart and the wishlist.
      await addToCartFromDetail(page, bubble, 'Multi App License');
      await page.getByRole('button', { name: 'Add to Wishlist' }).click();
      await expect(page.getByText('Add To Wishlist Successfully')).toBeVisible();

      await logIn(page, person.email, person.password);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
      await page.goto('/cart-products');
      await expect(page.getByRole('listitem').filter({ hasText: poker.title.en })).toBeVisible();
      await expect(
        page
          .getByRole('listitem')
          .filter({ hasText: bubble.title.en })
          .getByLabel(/^License for/),
      ).toHaveValue('Multi App License');
      // The server holds the merged lists.
      const cart = (await (await api.get('/api/cart')).json()) as { items: Array<{ _id: string }> };
      expect(cart.items.map((item) => item._id).sort()).toEqual([bubble._id, poker._id].sort());
      expect(((await (await api.get('/api/wishlist')).json()) as { items: unknown[] }).items).toHaveLength(1);

      // Signing out leaves nothing for the next person.
      await logOut(page, person.name.slice(0, 10));
      await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveCount(0);
      expect(await stored(page, 'cartProduct')).toEqual([]);
      expect(await stored(page, 'whishList')).toEqual([]);
      await page.goto('/cart-products');
      await expect(page.getByText('No Products In Cart')).toBeVisible();

      // Signing in again brings them back.
      await logIn(page, person.email, person.password);
      await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
      expect((await stored(page, 'cartProduct')).sort()).toEqual([bubble.title.en, poker.title.en].sort());
      expect(await stored(page, 'whishList')).toEqual([bubble.title.en]);
      await api.dispose();
    });
  });
}
