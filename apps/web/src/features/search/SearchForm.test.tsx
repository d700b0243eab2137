// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { summary } from '@/testProducts';
import { fakeFetch, renderRoutes } from '@/test-utils';
import { SearchForm } from './SearchForm';

const eightGames = Array.from({ length: 8 }, (_, i) => summary(i + 1, { title: { en: `Space Game ${i + 1}` } }));

function renderSearch() {
  return renderRoutes([
    { path: '/', element: <SearchForm placeholder="App Search" /> },
    { path: '/downloads/:title', element: <SearchForm placeholder="App Search" /> },
    { path: '/search-games', element: <SearchForm placeholder="App Search" /> },
  ]);
}

const box = () => screen.getByRole('combobox', { name: 'Search games' }) as HTMLInputElement;

describe('SearchForm suggestions', () => {
  let calls: ReturnType<typeof fakeFetch>;
  beforeEach(() => {
    calls = fakeFetch(() => ({ status: 200, body: eightGames }));
  });
  afterEach(cleanup);

  it('lists at most 6 games with thumbnail and title plus Search All, after a pause in typing', async () => {
    renderSearch();
    fireEvent.change(box(), { target: { value: 'spa' } });
    expect(box().getAttribute('aria-expanded')).toBe('true');

    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(7));
    const options = within(listbox).getAllByRole('option');
    expect(options[0]?.textContent).toBe('Space Game 1');
    expect(options[0]?.querySelector('img')?.getAttribute('src')).toBe('/files/images/thumb-1.webp');
    expect(options[6]?.textContent).toBe('Search All');
    expect(calls.filter((call) => call.url.startsWith('/api/product/search'))).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/product/search?q=spa&limit=6');
  });

  it('closes the list and clears the box when a game is chosen', async () => {
    const { router } = renderSearch();
    fireEvent.change(box(), { target: { value: 'space' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Space Game 2' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/downloads/Space-Game-2'));
    expect(box().value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('goes to /search-games from Search All with the arrow keys and Enter', async () => {
    const { router } = renderSearch();
    fireEvent.change(box(), { target: { value: 'space' } });
    await screen.findByRole('option', { name: 'Space Game 1' });

    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    const searchAll = screen.getByRole('option', { name: 'Search All' });
    expect(searchAll.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(searchAll.id);
    fireEvent.keyDown(box(), { key: 'Enter' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/search-games'));
    expect(router.state.location.search).toBe('?q=space');
    expect(box().value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows nothing for an empty box', () => {
    renderSearch();
    fireEvent.change(box(), { target: { value: '   ' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });
});
