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
});
