import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { newBuyer, productBySlug } from '../support/commerce.js';
import { approveAsAdmin, newAccountApi, uploadProduct } from '../support/panels.js';

/**
 * The small things people met first (product, panels, header, focus), each checked where it was
 * seen: at 375 and 1280 px, and with the text at 200%.
 */

const WIDTHS = [375, 1280] as const;
const WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axeFindings(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG22_AA);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The reader's text size at 200%, as the browser's setting gives it: every rem and em doubles. */
const largeText = (page: Page) => page.addStyleTag({ content: 'html { font-size: 200% !important; }' });

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Words of `cells` cut across two lines: a whole word has one box, a cut one two. */
function wordsCutIn(cells: Locator) {
  return cells.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const cut: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (lines.size > 1) cut.push(match[0]);
        }
      }
      return cut;
    }),
  );
}

/** A seller of the journey's own with one product, approved so the seller has an unread notice. */
async function sellerWithApprovedProduct(baseURL: string, title: string) {
  const { api, person } = await newAccountApi(baseURL, 'Quinn Seller');
  const product = await uploadProduct(api, title);
  await approveAsAdmin(baseURL, product._id);
  await api.dispose();
  return { person, productId: product._id };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the notifications page's Mark as read meets the contrast minimum", async ({ page, baseURL }) => {
      const { person } = await sellerWithApprovedProduct(baseURL!, `Contrast Quest ${width}`);
      await logIn(page, person.email, person.password);
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/userPanel/notifications');
      await expect(page.getByRole('button', { name: /^Mark as read/ }).first()).toBeVisible();
      expect(await axeFindings(page)).toEqual([]);
    });

    test('panel tables keep titles and emails whole, and their Actions on screen', async ({ page, baseURL }) => {
      const title = `Extraordinarily Comprehensive Multiplayer Roguelike Template ${width}`;
      const { person } = await sellerWithApprovedProduct(baseURL!, title);
      await logIn(page, person.email, person.password);
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/userPanel/user-uploaded-products');
      const row = page.locator('[data-row-id]').filter({ hasText: title });
      await expect(row).toBeVisible();
      expect(await wordsCutIn(row.locator('th, td'))).toEqual([]);
      const action = row.getByRole('button').last();
      const box = await action.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`uploaded-products-${width}.png`), fullPage: true });

      await page.context().clearCookies();
      await logIn(page, 'admin@example.com', 'admin12345');
      await expect(page).toHaveURL(/\/$/);
      await page.goto(`/adminPanel/all-users`);
      const seller = page.locator('tr, [data-row-id]').filter({ hasText: person.email });
      await expect(seller.first()).toBeVisible();
      expect(await wordsCutIn(page.locator('tbody').locator('th, td'))).toEqual([]);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`all-users-${width}.png`), fullPage: true });
    });

    test('manage pending products has no accessibility violations, its scrolling parts reachable by keyboard', async ({
      page,
      baseURL,
    }) => {
      const { api } = await newAccountApi(baseURL!, 'Pending Pat');
      await uploadProduct(api, `Pending Roguelike Deckbuilder ${width}`);
      // And an approved product's edit, waiting as a pending change with its old and new values.
      const approved = await uploadProduct(api, `Approved Roguelike ${width}`);
      await approveAsAdmin(baseURL!, approved._id);
      const edit = new FormData();
      edit.append('features', `<p>${'Procedurally generated dungeons with permadeath and meta-progression. '.repeat(4)}</p>`);
      edit.append('livePreview', 'https://example.com/a-much-longer-live-preview-address/that-keeps-going/without-any-spaces');
      const edited = await api.put(`/api/product/editProduct/${approved._id}`, { multipart: edit });
      expect(edited.ok(), await edited.text()).toBe(true);
      await api.dispose();
      await logIn(page, 'admin@example.com', 'admin12345');
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/adminPanel/manage-pending-products');
      await expect(page.getByText(`Pending Roguelike Deckbuilder ${width}`).first()).toBeVisible();
      await expect(page.getByText('without-any-spaces').first()).toBeVisible();
      expect(await axeFindings(page)).toEqual([]);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`pending-products-${width}.png`), fullPage: true });
    });

    test('the licences page opens a Register app form on demand', async ({ page }) => {
      await logIn(page, 'buyer@example.com', 'buyer12345');
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/userPanel/licences');
      const cards = page.locator('.licence-card');
      await expect(cards.first()).toBeVisible();
      await expect(page.getByLabel(/^App name/)).toHaveCount(0);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height / (await cards.count())).toBeLessThan(width === 375 ? 900 : 600);

      const open = cards.first().getByRole('button', { name: /^Register an app/ });
      await expect(open).toHaveAttribute('aria-expanded', 'false');
      await open.click();
      await expect(open).toHaveAttribute('aria-expanded', 'true');
      await expect(cards.first().getByLabel(/^App name/)).toBeFocused();
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`licences-${width}.png`) });
    });
  });
}

test.describe('panel menu strips', () => {
  for (const width of [375, 768]) {
    test(`at ${width} px show that they scroll`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await logIn(page, 'admin@example.com', 'admin12345');
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/adminPanel/sellers');
      const strip = page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('list');
      await expect(strip).toBeVisible();
      const fits = await strip.evaluate((element) => element.scrollWidth <= element.clientWidth);
      if (!fits) {
        // A cut entry at either end is shown as more to come, with a fade and an arrow.
        const more = page.getByRole('navigation', { name: 'Admin Panel' }).locator('.panel-menu-more:visible');
        await expect(more.first()).toBeVisible();
        await page.screenshot({ path: test.info().outputPath(`panel-strip-${width}.png`) });
        await strip.evaluate((element) => (element.scrollLeft = element.scrollWidth));
        await expect(page.getByRole('navigation', { name: 'Admin Panel' }).locator('.panel-menu-more-start')).toBeVisible();
      }
    });
  }
});

test.describe('the header', () => {
  test('with the text at 200% on a 1280 px screen folds its menu and never scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await largeText(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: /^Toggle navigation/ })).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await nav.getByRole('button', { name: /^Toggle navigation/ }).click();
    await expect(nav.getByRole('link', { name: 'Browse Games' })).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('header-200-1280.png') });
  });

  test('with the text at 200% leaves most of an 800 px window to the page once scrolled', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/downloads/Bubble-Pop-Saga');
    await largeText(page);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // What stays on top of the page at the window's top edge: sticky or fixed bars. Polled, since
    // the server-drawn page is taken over by the app a moment after it shows.
    const covered = () =>
      page.evaluate(() =>
        Math.max(
          0,
          ...Array.from(document.querySelectorAll('body *'))
            .filter((element) => ['sticky', 'fixed'].includes(getComputedStyle(element).position))
            .map((element) => element.getBoundingClientRect())
            .filter((rect) => rect.top <= 0.5 && rect.width > 0)
            .map((rect) => rect.bottom),
        ),
      );
    await expect.poll(covered).toBeLessThanOrEqual(800 * 0.2);
    await page.screenshot({ path: test.info().outputPath('scrolled-200-1280.png') });
  });

  for (const width of [1280, 1100, 992]) {
    test(`at ${width} px stays unfolded for a signed-in admin and shows the whole 'App Search' placeholder`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await logIn(page, 'admin@example.com', 'admin12345');
      await expect(page).toHaveURL(/\/$/);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('button', { name: /^Notifications/ })).toBeVisible();
      await page.waitForTimeout(500);
      await expect(nav.getByRole('button', { name: /^Toggle navigation/ })).toBeHidden();
      const search = nav.getByPlaceholder('App Search');
      await expect(search).toBeVisible();
      const room = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return inner - context.measureText(input.placeholder).width;
      });
      expect(room).toBeGreaterThanOrEqual(0);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`header-search-${width}.png`) });
    });
  }

  test('at 375 px shows the unread count on the menu button', async ({ page, baseURL }) => {
    const { person } = await sellerWithApprovedProduct(baseURL!, 'Badge Quest');
    await page.setViewportSize({ width: 375, height: 800 });
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/$/);
    const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Toggle navigation/ });
    await expect(toggle).toHaveAccessibleName(/1 unread/);
    await expect(toggle.locator('.badge')).toBeVisible();
    await expect(toggle.locator('.badge')).toHaveText('1');
    await page.screenshot({ path: test.info().outputPath('toggle-badge-375.png') });
  });
});

test('the home page preloads only images its first screen shows', async ({ page }) => {
  const unused: string[] = [];
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/.test(message.text())) unused.push(message.text());
  });
  const html = await (await page.request.get('/')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preloaded = Array.from(
    head.matchAll(/<link rel="preload" as="image"[^>]*imageSrcSet="([^"]+)"/gi),
    (match) => match[1]!.split(',')[0]!.trim().split(' ')[0]!,
  );

  await page.goto('/');
  await page.waitForLoadState('load');
  const onFirstScreen = await page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      })
      .flatMap((image) => [image.currentSrc, image.src, ...image.srcset.split(',').map((part) => part.trim().split(' ')[0])])
      .map((url) => new URL(url!, location.href).pathname + new URL(url!, location.href).search),
  );
  expect(preloaded.filter((url) => !onFirstScreen.includes(url))).toEqual([]);
  // Chromium warns a few seconds after the load event.
  await page.waitForTimeout(4_000);
  expect(unused).toEqual([]);
});

test('focus follows the news through the wishlist, the cart and the checkout', async ({ page }) => {
  await newBuyer(page);
  for (const slug of ['Poker-Night', 'Bubble-Pop-Saga']) {
    await page.goto(`/downloads/${slug}`);
    await page.getByRole('button', { name: 'Add to Wishlist' }).click();
    await expect(page.getByText('Add To Wishlist Successfully')).toBeVisible();
  }

  await page.goto('/userPanel/whishlist-products');
  const saved = page.getByRole('list', { name: 'Products in your wishlist' }).getByRole('listitem');
  await expect(saved).toHaveCount(2);
  await saved.first().getByRole('button', { name: 'Move to cart' }).focus();
  await page.keyboard.press('Enter');
  await expect(saved).toHaveCount(1);
  await expect(saved.first().getByRole('button', { name: 'Move to cart' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Whishlist Products' })).toBeFocused();

  await page.goto('/cart-products');
  const lines = page.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await lines.first().getByRole('button', { name: 'Remove' }).focus();
  await page.keyboard.press('Enter');
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByRole('button', { name: 'Remove' })).toBeFocused();

  await page.goto('/checkout');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Payment failed' })).toBeFocused();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).press('Enter');
  await expect(page).toHaveURL(/\/purchase-successful$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmed' })).toBeFocused();
  expect(await focusedText(page)).toBe('Payment Confirmed');
});

test('a seller is offered no Add to cart on their own product, and their cart at sign-in keeps none of it', async ({ page, baseURL }) => {
  const { api, person } = await newAccountApi(baseURL!, 'Own Product Olive');
  const product = await uploadProduct(api, 'Olive Own Puzzle');
  await approveAsAdmin(baseURL!, product._id);
  await api.dispose();
  const facts = await productBySlug(page.request, 'Olive-Own-Puzzle');

  // As a visitor the product goes into the cart; signed in, the account's cart leaves its seller's own product out.
  await page.goto(`/downloads/${facts.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/downloads/${facts.slug}`);
  await expect(page.getByText('You sell this product, so it cannot be bought from your account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);

  await page.goto('/cart-products');
  await expect(page.getByText('No Products In Cart')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cartProduct'))).toBe('[]');
});
