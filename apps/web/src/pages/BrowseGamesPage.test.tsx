// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { summary } from '@/testProducts';
import { fakeFetch, renderRoutes } from '@/test-utils';
import BrowseGamesPage from './BrowseGamesPage';

describe('BrowseGamesPage', () => {
  afterEach(cleanup);

  it('builds tabs from the sub categories, preselects the first and follows the arrow keys', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/product/sub-categories') {
        return {
          status: 200,
          body: [
            { subCategory: 'Arcades', count: 2 },
            { subCategory: 'Puzzle', count: 1 },
          ],
        };
      }
      if (url.includes('subCategory=Puzzle')) return { status: 200, body: [] };
      return { status: 200, body: [summary(1), summary(2)] };
    });
    renderRoutes([{ path: '/', element: <BrowseGamesPage /> }]);

    const arcades = await screen.findByRole('tab', { name: 'Arcades' });
    expect(arcades.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(calls.map((call) => call.url)).toContain('/api/product/uploaded-products?status=Approved&subCategory=Arcades');

    fireEvent.keyDown(arcades, { key: 'ArrowRight' });
    const puzzle = screen.getByRole('tab', { name: 'Puzzle' });
    expect(puzzle.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(puzzle);
    await waitFor(() => expect(screen.getByText('No games here yet')).toBeTruthy());
  });

  it('narrows the genre to the engine chosen, and back to any engine', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/product/sub-categories') return { status: 200, body: [{ subCategory: 'Arcades', count: 2 }] };
      if (url.includes('engine=Godot')) return { status: 200, body: [] };
      return { status: 200, body: [summary(1), summary(2)] };
    });
    renderRoutes([{ path: '/', element: <BrowseGamesPage /> }]);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    const engine = screen.getByRole('combobox', { name: 'Engine' });
    expect([...(engine as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Any engine',
      'Unity',
      'Unreal',
      'Godot',
      'Cocos',
      'Defold',
      'GameMaker',
      'Bevy',
      'libGDX',
      'MonoGame',
      'Phaser',
      'PixiJS',
      'Three.js',
      'Babylon.js',
      'Flutter',
      'React Native',
      'Android',
      'iOS',
    ]);

    fireEvent.change(engine, { target: { value: 'Godot' } });
    expect(await screen.findByText('No Godot games in Arcades yet')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/product/uploaded-products?status=Approved&subCategory=Arcades&engine=Godot');

    fireEvent.change(engine, { target: { value: '' } });
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(calls.some((call) => call.url.includes('engine=undefined') || call.url.includes('engine=&'))).toBe(false);
  });

  it('keeps the On sale filter in the address, so a reload or Back shows the same list', async () => {
    const onSaleGame = summary(3, {
      sale: {
        percent: 25,
        startsAt: '2026-03-01T00:00:00.000Z',
        endsAt: '2026-03-09T00:00:00.000Z',
        singleAppLicense: 14.63,
        multiAppLicense: 36.75,
        lowestIn30Days: { singleAppLicense: 19.5, multiAppLicense: 49 },
      },
    });
    const calls = fakeFetch((url) => {
      if (url === '/api/product/sub-categories')
        return {
          status: 200,
          body: [
            { subCategory: 'Arcades', count: 3 },
            { subCategory: 'Puzzle', count: 1 },
          ],
        };
      if (url.includes('subCategory=Puzzle') && url.includes('onSale=true')) return { status: 200, body: [] };
      if (url.includes('onSale=true')) return { status: 200, body: [onSaleGame] };
      return { status: 200, body: [summary(1), summary(2), onSaleGame] };
    });
    const { router } = renderRoutes([{ path: '/browse-game', element: <BrowseGamesPage /> }], '/browse-game?onSale=true');

    const filter = await screen.findByRole('checkbox', { name: 'On sale only' });
    expect((filter as HTMLInputElement).checked).toBe(true);
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(calls.map((call) => call.url)).toContain('/api/product/uploaded-products?status=Approved&subCategory=Arcades&onSale=true');
    fireEvent.click(screen.getByRole('tab', { name: 'Puzzle' }));
    expect(await screen.findByText('No Puzzle games on sale right now')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Arcades' }));

    fireEvent.click(filter);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(router.state.location.search).toBe('');
    fireEvent.click(filter);
    await waitFor(() => expect(router.state.location.search).toBe('?onSale=true'));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });
});
