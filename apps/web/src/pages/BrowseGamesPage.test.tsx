// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductSummary, SearchResults } from '@market/contracts';
import { summary } from '@/testProducts';
import { fakeFetch, renderRoutes } from '@/test-utils';
import BrowseGamesPage from './BrowseGamesPage';
import SearchGamesPage from './SearchGamesPage';

const SUB_CATEGORIES = [
  { subCategory: 'Arcades', count: 2 },
  { subCategory: 'Puzzle', count: 1 },
];

/** An answer of the results call: the products given, facets with a few counts. */
function results(products: ProductSummary[], total = products.length): SearchResults {
  return {
    products,
    total,
    facets: {
      engine: [{ value: 'Unity', count: 2 }],
      platform: [
        { value: 'Android', count: 2 },
        { value: 'iOS', count: 1 },
      ],
      category: [{ value: 'Unity', count: 2 }],
      subCategory: [
        { value: 'Arcades', count: 2 },
        { value: 'Puzzle', count: 1 },
      ],
      price: [
        { value: '0-25', min: 0, max: 25, count: 1 },
        { value: '25-50', min: 25, max: 50, count: 1 },
        { value: '50-100', min: 50, max: 100, count: 0 },
        { value: '100+', min: 100, max: null, count: 0 },
      ],
      rating: ['4', '3', '2', '1'].map((value) => ({ value, count: 1 })),
      licence: [{ value: 'multi_app', count: 2 }],
      onSale: [{ value: 'true', count: 1 }],
      updatedWithin: ['7d', '30d', '365d'].map((value) => ({ value, count: 2 })),
    },
  };
}

const searched = (url: string) => new URL(url, 'http://localhost').searchParams;

describe('BrowseGamesPage', () => {
  afterEach(cleanup);

  it('builds tabs from the sub categories with their counts, preselects the first and follows the arrow keys', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/product/sub-categories') return { status: 200, body: SUB_CATEGORIES };
      if (url.includes('subCategory=Puzzle')) return { status: 200, body: results([]) };
      return { status: 200, body: results([summary(1), summary(2)]) };
    });
    const { router } = renderRoutes([{ path: '/', element: <BrowseGamesPage /> }]);

    const arcades = await screen.findByRole('tab', { name: 'Arcades (2)' });
    expect(arcades.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('2 games');
    const asked = calls.map((call) => call.url).find((url) => url.startsWith('/api/product/search/results'));
    expect(Object.fromEntries(searched(asked!))).toEqual({ subCategory: 'Arcades', sort: 'newest', limit: '24' });

    fireEvent.keyDown(arcades, { key: 'ArrowRight' });
    const puzzle = screen.getByRole('tab', { name: /Puzzle/ });
    expect(puzzle.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(puzzle);
    await waitFor(() => expect(router.state.location.search).toBe('?subCategory=Puzzle'));
    expect(await screen.findByText('No Puzzle games match these filters')).toBeTruthy();
  });

  it('shows every facet as labelled controls with counts, and keeps each choice in the address', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/product/sub-categories') return { status: 200, body: SUB_CATEGORIES };
      if (url.includes('engine=Godot')) return { status: 200, body: results([]) };
      return { status: 200, body: results([summary(1), summary(2)]) };
    });
    const { router } = renderRoutes([{ path: '/browse-game', element: <BrowseGamesPage /> }], '/browse-game');
    expect(await screen.findAllByRole('article')).toHaveLength(2);

    const legends = [...document.querySelectorAll('fieldset legend')].map((legend) => legend.textContent);
    expect(legends).toEqual(['Engine', 'Platform', 'Category', 'Price', 'Rating', 'Licence type', 'Sale', 'Updated within']);
    const platform = screen.getByRole('group', { name: 'Platform' });
    expect(
      within(platform)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Any platform', 'Android (2)', 'iOS (1)']);
    const engine = screen.getByRole('combobox', { name: 'Engine' }) as HTMLSelectElement;
    expect([...engine.options].slice(0, 3).map((option) => option.text)).toEqual(['Any engine', 'Unity (2)', 'Unreal (0)']);
    expect(screen.getByRole('checkbox', { name: 'On sale only (1)' })).toBeTruthy();
    // Relevance ranks by text: the browse page has none.
    const sort = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect([...sort.options].map((option) => option.text)).toEqual([
      'Newest',
      'Best selling',
      'Top rated',
      'Price: low to high',
      'Price: high to low',
    ]);

    fireEvent.click(screen.getByRole('radio', { name: 'Android (2)' }));
    fireEvent.click(screen.getByRole('radio', { name: '$25–50 (1)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /On sale only/ }));
    fireEvent.change(sort, { target: { value: 'price_asc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?platform=Android&minPrice=25&maxPrice=50&onSale=true&sort=price_asc'));
    expect((screen.getByRole('radio', { name: 'Android (2)' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(Object.fromEntries(searched(calls.at(-1)!.url))).toEqual({
        platform: 'Android',
        subCategory: 'Arcades',
        minPrice: '25',
        maxPrice: '50',
        onSale: 'true',
        sort: 'price_asc',
        limit: '24',
      }),
    );

    fireEvent.change(engine, { target: { value: 'Godot' } });
    expect(await screen.findByText('No Godot Arcades games on sale right now')).toBeTruthy();
    fireEvent.click(within(document.querySelector('.empty-state')!).getByRole('button', { name: 'Clear filters' }));
    // The genre and the sort stay; the filters go.
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_asc'));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('reads the filters, sort and page from the address it is opened at, leaving out what the server would refuse', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/product/sub-categories') return { status: 200, body: SUB_CATEGORIES };
      return { status: 200, body: results([summary(1)], 30) };
    });
    renderRoutes(
      [{ path: '/browse-game', element: <BrowseGamesPage /> }],
      '/browse-game?subCategory=Puzzle&engine=Nope&minRating=4&sort=relevance&page=2',
    );

    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: /Puzzle/ }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('radio', { name: '4 stars & up (1)' }) as HTMLInputElement).checked).toBe(true);
    expect(Object.fromEntries(searched(calls.at(-1)!.url))).toEqual({
      subCategory: 'Puzzle',
      minRating: '4',
      sort: 'newest',
      limit: '24',
      offset: '24',
    });
    expect(screen.getByRole('navigation', { name: /pages/ }).textContent).toContain('25–30 of 30 · Page 2 of 2');
  });
});

describe('SearchGamesPage', () => {
  afterEach(cleanup);

  it('shows the first 6 results ranked by relevance, then the next 6 a page on', async () => {
    const calls = fakeFetch((url) => {
      const page = Number(searched(url).get('offset') ?? 0) / 6;
      return { status: 200, body: results([summary(page * 6 + 1), summary(page * 6 + 2)], 8) };
    });
    const { router } = renderRoutes([{ path: '/search-games', element: <SearchGamesPage /> }], '/search-games?q=unity');

    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('8 games');
    expect(calls[0]!.url).toBe('/api/product/search/results?q=unity&sort=relevance&limit=6');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('relevance');
    expect(screen.getByRole('combobox', { name: 'Sub category' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=unity&page=2'));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/product/search/results?q=unity&sort=relevance&limit=6&offset=6'),
    );
  });
});
