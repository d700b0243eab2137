import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test.js';
import { waitForHydration } from '../support/hydration.js';

/** WCAG 2.2 AA, as accessibility.spec.ts checks every page. */
const WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG22_AA).analyze();
  expect(
    results.violations.map(
      (violation) => `${where} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

interface Expected {
  total: number;
  titles: string[];
}

/** What the results call answers for these filters: the page must show the same (docs/decisions/0019). */
async function resultsOf(page: Page, query: string): Promise<Expected> {
  const response = await page.request.get(`/api/product/search/results?${query}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { total: number; products: Array<{ title: { en: string } }> };
  return { total: body.total, titles: body.products.map((product) => product.title.en) };
}

async function expectResults(page: Page, expected: Expected) {
  await expect(page.locator('main output.results-total')).toHaveText(`${expected.total} ${expected.total === 1 ? 'game' : 'games'}`);
  await expect(page.locator('main article.game-card img')).toHaveCount(expected.titles.length);
  expect(
    await page.locator('main article.game-card img').evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
  ).toEqual(expected.titles);
}

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('browse filters live in the address: reload, Back, Forward and a new tab show the same games', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/browse-game');
  const unity = group(page, 'Category').getByRole('radio', { name: /^Unity/ });
  await waitForHydration(unity);
  await expect(unity).toBeEnabled();
  const everything = await resultsOf(page, 'subCategory=Arcades&sort=newest&limit=24');
  await expectResults(page, everything);

  await unity.check();
  await expect(page).toHaveURL(/\/browse-game\?category=Unity$/);
  await group(page, 'Price')
    .getByRole('radio', { name: /^\$25–50/ })
    .check();
  await expect(page).toHaveURL(/\/browse-game\?category=Unity&minPrice=25&maxPrice=50$/);
  const twoFilters = await resultsOf(page, 'subCategory=Arcades&category=Unity&minPrice=25&maxPrice=50&sort=newest&limit=24');
  await expectResults(page, twoFilters);
  await group(page, 'Platform')
    .getByRole('radio', { name: /^Android/ })
    .check();
  await expect(page).toHaveURL(/\/browse-game\?category=Unity&minPrice=25&maxPrice=50&platform=Android$/);
  const threeFilters = await resultsOf(
    page,
    'subCategory=Arcades&category=Unity&minPrice=25&maxPrice=50&platform=Android&sort=newest&limit=24',
  );
  expect(threeFilters.total).toBeGreaterThan(0);
  expect(threeFilters.total).toBeLessThan(everything.total);
  await expectResults(page, threeFilters);

  const expectThreeChecked = async () => {
    await expect(group(page, 'Category').getByRole('radio', { name: /^Unity/ })).toBeChecked();
    await expect(group(page, 'Price').getByRole('radio', { name: /^\$25–50/ })).toBeChecked();
    await expect(group(page, 'Platform').getByRole('radio', { name: /^Android/ })).toBeChecked();
    await expectResults(page, threeFilters);
  };

  await page.reload();
  await expectThreeChecked();

  await page.goBack();
  await expect(page).toHaveURL(/\/browse-game\?category=Unity&minPrice=25&maxPrice=50$/);
  await expect(group(page, 'Platform').getByRole('radio', { name: 'Any platform' })).toBeChecked();
  await expect(group(page, 'Price').getByRole('radio', { name: /^\$25–50/ })).toBeChecked();
  await expectResults(page, twoFilters);

  await page.goForward();
  await expect(page).toHaveURL(/platform=Android$/);
  await expectThreeChecked();

  // The address opened in a new tab of the same browser shows the same games and total.
  const tab = await context.newPage();
  await tab.goto(page.url());
  await expect(group(tab, 'Platform').getByRole('radio', { name: /^Android/ })).toBeChecked();
  await expectResults(tab, threeFilters);
  await tab.close();

  // Nothing left out of reach on a phone: the panel opens behind Filters, and axe finds nothing either way.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 375) {
      const filters = page.getByRole('button', { name: /^Filters/ });
      await expect(filters).toHaveAttribute('aria-expanded', 'false');
      await expect(group(page, 'Category')).toBeHidden();
      await expectNoViolations(page, `/browse-game with filters folded at ${width} px`);
      await filters.click();
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
      await expect(group(page, 'Category').getByRole('radio', { name: /^Unity/ })).toBeChecked();
    } else {
      await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
    }
    await expectNoViolations(page, `/browse-game with filters at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`browse-filters-${width}.png`), fullPage: true });
  }

  // Clear filters goes with the filters; focus stays in the panel rather than falling to the page.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('heading', { name: 'Filters' })).toBeFocused();
  await expect(page).not.toHaveURL(/platform=/);
});

test('searching "unity" lists the Unity projects with their total, and "How we rank" states the ranking', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/search-games?q=unity');
  const expected = await resultsOf(page, 'q=unity&sort=relevance&limit=6');
  const all = await resultsOf(page, 'q=unity&sort=relevance&limit=100');
  // docs/decisions/0019: the demo catalogue's 11 Unity projects, and their total over every page.
  expect(expected.total).toBeGreaterThanOrEqual(11);
  expect(all.titles).toEqual(expect.arrayContaining(['Knight Quest', 'Galaxy Racer', 'Space Invaders Reborn']));
  await expectResults(page, expected);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
  await expect(page.getByRole('navigation', { name: /pages/ })).toContainText(`1–6 of ${expected.total}`);

  await waitForHydration(page.getByRole('button', { name: 'Next' }));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/search-games\?q=unity&page=2$/);
  await expectResults(page, await resultsOf(page, 'q=unity&sort=relevance&limit=6&offset=6'));

  await page.getByRole('link', { name: 'How we rank' }).first().click();
  await expect(page).toHaveURL(/\/how-we-rank$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How we rank' })).toBeVisible();
  await expect(page.getByText('There is no paid placement.')).toBeVisible();
  await expect(page.getByText(/5 times the average rating/)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `/how-we-rank at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`how-we-rank-${width}.png`), fullPage: true });
  }
  await page.goBack();
  await expect(page).toHaveURL(/page=2$/);

  // A search that finds nothing says what to try and leads to the whole catalogue.
  await page.goto('/search-games?q=qqqzzzxx');
  await expect(page.getByText(/No games match “qqqzzzxx”/)).toBeVisible();
  await page.getByRole('link', { name: 'browse all games' }).click();
  await expect(page).toHaveURL(/\/browse-game$/);
});
