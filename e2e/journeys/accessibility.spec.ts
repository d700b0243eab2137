import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PAGES = ['/', '/Login', '/sign-up', '/about-us', '/upload', '/privacy-policy', '/no/such/page'];
const WIDTHS = [375, 1280];

/** Storefront pages over the demo catalogue, each checked once its products have arrived. */
const STOREFRONT: { path: string; ready: string }[] = [
  { path: '/browse-game', ready: 'main a[href^="/downloads/"]' },
  { path: '/popular-of-all-time', ready: 'main a[href^="/downloads/"]' },
  { path: '/newly-uploading-games', ready: 'main a[href^="/downloads/"]' },
  { path: '/search-games?q=poker', ready: 'main a[href^="/downloads/"]' },
  { path: '/Pixel-Forge-Studio/portfolio', ready: 'main a[href^="/downloads/"]' },
  { path: '/downloads/Bubble-Pop-Saga', ready: 'main h1:has-text("Bubble Pop Saga")' },
];

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of PAGES) {
      test(`${path} has no accessibility violations and no sideways scroll`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }

    for (const { path, ready } of STOREFRONT) {
      test(`${path} with its products has no accessibility violations and no sideways scroll`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
}

test('on a phone the menu collapses after choosing an item', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Browse Games' })).toBeHidden();

  await nav.getByRole('button', { name: 'Toggle navigation' }).click();
  await nav.getByRole('link', { name: 'Browse Games' }).click();

  await expect(page).toHaveURL(/\/browse-game$/);
  await expect(nav.getByRole('link', { name: 'Browse Games' })).toBeHidden();
});
