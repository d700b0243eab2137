// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { storefrontUrls, type FirstScreenAnswers } from '@market/contracts';
import { hasPage, renderFirstScreen } from './entry-server';
import { detail, summary } from './testProducts';

/** The API as the server's pages answer it: a map of URL to answer; any other read goes unanswered. */
function answersFrom(api: Record<string, unknown>) {
  const asked: string[] = [];
  const answers: FirstScreenAnswers = async (path) => {
    asked.push(path);
    return path in api ? { data: api[path] } : undefined;
  };
  return { answers, asked };
}

const queryKeysOf = (state: unknown) => (state as DehydratedState).queries.map((query) => query.queryKey);

describe('the storefront rendered on the server', () => {
  it('renders the home page with every shelf’s products and hands the browser the queries it used', async () => {
    const trending = [summary(1, { title: { en: 'Knight Quest' } }), ...Array.from({ length: 9 }, (_, index) => summary(index + 10))];
    const sale = {
      percent: 20,
      startsAt: '2026-03-01T00:00:00.000Z',
      endsAt: '2026-03-09T00:00:00.000Z',
      singleAppLicense: 15.6,
      multiAppLicense: 39.2,
      lowestIn30Days: { singleAppLicense: 19.5, multiAppLicense: 49 },
    };
    const { answers, asked } = answersFrom({
      [storefrontUrls.listing('on-sale')]: { title: 'On Sale', products: [summary(8, { title: { en: 'Sale Racer' }, sale })] },
      [storefrontUrls.listing('trending-games')]: { title: 'Trending Games', products: trending },
      [storefrontUrls.listing('newly-uploading-games')]: {
        title: 'Newly Uploaded Games',
        products: [summary(3, { title: { en: 'Space Miner' } })],
      },
      [storefrontUrls.popular('month')]: [summary(4)],
      [storefrontUrls.popular('year')]: [summary(5)],
      [storefrontUrls.popular('all')]: [summary(6)],
    });

    const { html, state } = await renderFirstScreen('/', answers);

    expect(html).toContain('Upload, Explore, and Download Games Seamlessly.');
    expect(html).toContain('Knight Quest');
    expect(html).toContain('Space Miner');
    expect(html).toMatch(/<h2[^>]*>On Sale<\/h2>/);
    expect(html).toContain('Sale Racer');
    // A carousel sends the cards of its first view and the next one; the rest join after hydration.
    expect(html).toContain('Game Number 14');
    expect(html).not.toContain('Game Number 15');
    // Written in place: the site's CSP would block the inline script that swaps in a late boundary.
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<script');
    expect(new Set(asked).size).toBe(asked.length);
    expect(queryKeysOf(state)).toHaveLength(6);
    const client = new QueryClient();
    hydrate(client, state as DehydratedState);
    expect(client.getQueryData(['products', 'catalogue', 'listing', 'trending-games'])).toMatchObject({ products: trending });
  });

  it('leaves the On Sale shelf out while nothing is on sale', async () => {
    const { answers } = answersFrom({
      [storefrontUrls.listing('on-sale')]: { title: 'On Sale', products: [] },
      [storefrontUrls.listing('trending-games')]: { title: 'Trending Games', products: [summary(1)] },
    });

    const { html } = await renderFirstScreen('/', answers);

    expect(html).toContain('Trending Games');
    expect(html).not.toMatch(/>On Sale</);
  });

  it('renders a read the API did not answer as loading, and leaves it out of what the browser gets', async () => {
    const { answers, asked } = answersFrom({ [storefrontUrls.popular('all')]: [summary(6)] });

    const { html, state } = await renderFirstScreen('/downloads/Missing-Game', answers);

    expect(asked).toContain(storefrontUrls.bySlug('Missing-Game'));
    expect(html).toContain('Loading game');
    expect(queryKeysOf(state)).toEqual([['products', 'catalogue', 'popular', 'all']]);
  });

  it('renders a product page with its title, description, and its feature image preloaded at the width shown', async () => {
    const product = detail(7, { title: { en: 'Knight Quest' }, slug: 'Knight-Quest' });
    const { answers } = answersFrom({ [storefrontUrls.bySlug('Knight-Quest')]: product, [storefrontUrls.popular('all')]: [] });

    const { html } = await renderFirstScreen('/downloads/Knight-Quest', answers);

    expect(html).toContain('<title>Knight Quest | Source Code Marketplace</title>');
    expect(html).toContain('<h1');
    expect(html).toContain('A <strong>fast</strong> arcade game.');
    // React writes the preload ahead of the markup; the server moves it into the head.
    expect(html).toMatch(
      new RegExp(
        `^<link rel="preload" as="image" imageSrcSet="${product.featureImg}\\?w=320 320w, ${product.featureImg}\\?w=800 800w, ${product.featureImg} 1280w" imageSizes="[^"]+" fetchPriority="high"/>`,
      ),
    );
  });
});

describe('the pages the web app has', () => {
  it('are every route of docs/product-spec.md, whatever the case, and not the paths its "not found" page takes', () => {
    const pages = [
      '/',
      '/about-us',
      '/login',
      '/Login',
      '/downloads/Knight-Quest',
      '/userPanel/orders',
      '/adminPanel',
      '/Studio-One/portfolio',
    ];
    // A single segment is a product listing: any other slug lists every approved product (the spec's own rule).
    const listings = ['/trending-games', '/no-such-listing'];
    const missing = ['/downloads/Knight-Quest/extra', '/no/such/page', '/about-us/team'];

    expect([...pages, ...listings].filter((path) => !hasPage(path))).toEqual([]);
    expect(missing.filter((path) => hasPage(path))).toEqual([]);
  });
});
