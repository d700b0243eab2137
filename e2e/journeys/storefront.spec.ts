import { expect, test, type Route } from '../support/test.js';
import { waitForHydration } from '../support/hydration.js';
import { productAddToCart } from '../support/commerce.js';

test('the hero resumes its slide show when the pointer leaves after a dot was clicked', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: /./ }).filter({ has: page.getByRole('button', { name: 'Show slide 2' }) });
  const dot = (n: number) => hero.getByRole('button', { name: `Show slide ${n}` });

  await dot(2).click();
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  // Held while the pointer rests on it, as SPEC's pause on hover says.
  await page.waitForTimeout(4_500);
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');

  await page.mouse.move(5, 5);
  await page.getByRole('contentinfo').hover();

  await expect(dot(3)).toHaveAttribute('aria-current', 'true', { timeout: 6_000 });
});

test('the hero stays on a slide chosen by keyboard while focus is inside it', async ({ page }) => {
  await page.goto('/');
  const dot2 = page.getByRole('button', { name: 'Show slide 2' });
  await dot2.focus();
  await page.keyboard.press('Enter');
  await expect(dot2).toHaveAttribute('aria-current', 'true');

  await page.waitForTimeout(4_500);

  await expect(dot2).toHaveAttribute('aria-current', 'true');
  await expect(dot2).toBeFocused();
});

test('each product carousel can be stopped, and the keyboard reaches only the cards in view', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Newly Uploaded Games' });
  const track = section.locator('.shelf-track');
  await expect(section.getByRole('article').first()).toBeVisible();
  const stopButtons = page.getByRole('button', { name: /^Stop .+ slide show$/ });
  await expect(stopButtons).toHaveCount(5);

  // Off-screen slides are inert: tabbing from the section's View All link runs through the cards in view, then the controls.
  await expect(section.locator('.shelf-slide:not([inert])')).toHaveCount(4);
  await section.getByRole('link', { name: /View All/ }).focus();
  const visited: string[] = [];
  for (let press = 0; press < 40; press += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '',
    );
    visited.push(name);
    if (name === 'Next: Newly Uploaded Games') break;
  }
  expect(visited.at(-1)).toBe('Next: Newly Uploaded Games');
  expect(visited.length).toBeLessThanOrEqual(4 * 3 + 3);

  // Stopped, it stays where it is past the 4 s autoplay, with the pointer and focus elsewhere.
  await section.getByRole('button', { name: 'Stop Newly Uploaded Games slide show' }).click();
  await expect(section.getByRole('button', { name: 'Start Newly Uploaded Games slide show' })).toBeVisible();
  await page.getByRole('contentinfo').hover();
  await page.locator('body').focus();
  const before = await track.evaluate((element) => element.scrollLeft);
  await page.waitForTimeout(4_800);
  expect(await track.evaluate((element) => element.scrollLeft)).toBe(before);
});

for (const width of [375, 1280]) {
  test(`at ${width} px, a mistyped address answers 404 and shows the not-found page, whose Go home works forwards and back`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 812 });
    const missing = await page.goto('/downloads/Knight-Quest/reviews');

    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL('/');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect((await page.reload())?.status()).toBe(404);
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the product slides of the hero fill it with their three games', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Stop slide show' }).click();
    await page.getByRole('button', { name: 'Show slide 2' }).click();
    const slide = page.getByRole('group', { name: '2 of 3' });
    await expect(slide.getByRole('link')).toHaveCount(3);

    const slideBox = (await slide.boundingBox())!;
    const listBox = (await slide.getByRole('list').boundingBox())!;
    // Before, three small cards sat at the top and about 60% of the slide was empty purple.
    expect(listBox.height / slideBox.height).toBeGreaterThan(0.5);
  });

  test('with text at 200% (browser default 32 px) the home page does not scroll sideways', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Trending Games' }).getByRole('article').first()).toBeVisible();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // No card title is cut off: each wraps within its card.
    const clipped = await page
      .locator('.game-card-title')
      .evaluateAll((titles) => titles.filter((title) => title.scrollWidth > title.clientWidth + 1).length);
    expect(clipped).toBe(0);
  });
});

test.describe('the first screen arrives with the page', () => {
  for (const { path, shows } of [
    { path: '/', shows: 'Trending Games' },
    { path: '/browse-game', shows: 'Browse Games' },
    { path: '/downloads/Knight-Quest', shows: 'Knight Quest' },
  ]) {
    test(`${path} shows its products without asking the API for them`, async ({ page }) => {
      const catalogueReads: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        // The archive report ("What's inside") lists every file, up to 50,000: it is asked once the app
        // has taken the page over rather than embedded in it.
        if (pathname.startsWith('/api/product/') && !pathname.endsWith('/inside')) catalogueReads.push(request.url());
      });

      await page.goto(path);

      await expect(page.getByRole('heading', { name: shows }).first()).toBeVisible();
      await expect(page.locator('.game-card-img, .product-feature-img').first()).toBeVisible();
      await expect(page.locator('.footer-top-games a').first()).toBeVisible();
      expect(catalogueReads).toEqual([]);
    });

    test(`${path} is drawn by the server, readable before any script runs, and taken over without a mismatch`, async ({
      browser,
      page,
    }) => {
      const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
      const plain = await withoutScripts.newPage();
      await plain.goto(path);
      await expect(plain.getByRole('heading', { name: shows }).first()).toBeVisible();
      await expect(plain.locator('.footer-top-games a').first()).toBeVisible();
      await withoutScripts.close();

      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.text().startsWith('CSP violation')) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // Also what the CSP stopped, even where the page caught it (zod's eval probe was one).
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.info(`CSP violation: ${event.violatedDirective} by ${event.sourceFile}`),
        ),
      );
      await page.goto(path);
      // The app has taken the page over once a link navigates without loading a new document.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const about = page.locator('footer').getByRole('link', { name: 'About', exact: true });
      await waitForHydration(about);
      await about.click();
      await expect(page).toHaveURL(/\/about-us$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      expect(problems).toEqual([]);
    });
  }

  test('a tab pressed before the app has taken the page over opens once it has', async ({ page }) => {
    // The app's code arrives late, as on a slow phone: until then the page is the server's markup.
    const heldScripts: Route[] = [];
    await page.route(/\/assets\/main-[^/]+\.js$/, (route) => {
      heldScripts.push(route);
    });
    await page.goto('/downloads/Knight-Quest');
    await expect.poll(() => heldScripts.length).toBe(1);
    const comments = page.getByRole('tab', { name: 'Comments' });

    await comments.click();
    await expect(comments).toHaveAttribute('aria-selected', 'false');
    await heldScripts[0]!.continue();

    await expect(comments).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Post Comment' })).toBeVisible();
  });

  test('a licence picked and added before the app has taken the page over is the one in the cart', async ({ page }) => {
    const heldScripts: Route[] = [];
    await page.route(/\/assets\/main-[^/]+\.js$/, (route) => {
      heldScripts.push(route);
    });
    await page.goto('/downloads/Knight-Quest');
    await expect.poll(() => heldScripts.length).toBe(1);
    const multi = page.getByLabel('Multi App License');
    const multiPrice = (await multi.locator('xpath=..').locator('label span').last().textContent()) ?? '';

    await multi.check();
    await productAddToCart(page).click();
    await heldScripts[0]!.continue();

    await expect(page.getByText('Add To Cart Successfully')).toBeVisible();
    await expect(multi).toBeChecked();
    await expect(page.getByTestId('total-price')).toHaveText(multiPrice);
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cartProduct') ?? '[]') as { selectedLicense: string }[]);
    expect(cart.map((line) => line.selectedLicense)).toEqual(['Multi App License']);
  });

  test('a product page opened from a card, not from the server, still asks the API and shows the product', async ({ page }) => {
    await page.goto('/browse-game');
    const card = page.locator('.game-card').first();
    const title = (await card.locator('img').getAttribute('alt')) ?? '';
    const link = card.getByRole('link').first();
    // Before the app has taken the page over, the click is the browser's own and the server draws
    // the product page (no API read, which is right too); this journey is about the app's navigation.
    await link.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const check = () => (Object.keys(element).some((key) => key.startsWith('__reactFiber')) ? resolve() : setTimeout(check, 20));
          check();
        }),
    );
    const read = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/product/by-slug/'));

    await link.click();

    await read;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});
