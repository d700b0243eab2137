// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FileTree, TREE_ROW_HEIGHT } from './FileTree';

const PATHS = ['Assets/Scenes/Main.unity', 'Assets/Scripts/Enemy.cs', 'Assets/Scripts/Player.cs', 'Library/Cache.bin', 'README.md'];
const SIZES = [52, 1_310, 2_048, 5_000_000, 40];

const focused = () => document.activeElement as HTMLElement;
const press = (key: string) => fireEvent.keyDown(focused(), { key });
const nameOf = (element: HTMLElement) => element.querySelector('.file-tree-name')?.textContent;

function renderTree(paths = PATHS, sizes = SIZES) {
  render(<FileTree paths={paths} sizes={sizes} label="Files in the archive" />);
  return screen.getByRole('tree', { name: 'Files in the archive' });
}

describe('FileTree', () => {
  afterEach(cleanup);

  it('shows the top level with one tab stop, levels, set sizes and human sizes', () => {
    renderTree();
    const items = screen.getAllByRole('treeitem');
    expect(items.map(nameOf)).toEqual(['Assets/', 'Library/', 'README.md']);
    expect(items.map((item) => item.tabIndex)).toEqual([0, -1, -1]);
    expect(items[0]!.getAttribute('aria-expanded')).toBe('false');
    expect(items[2]!.hasAttribute('aria-expanded')).toBe(false);
    expect(
      items.map((item) => [item.getAttribute('aria-level'), item.getAttribute('aria-posinset'), item.getAttribute('aria-setsize')]),
    ).toEqual([
      ['1', '1', '3'],
      ['1', '2', '3'],
      ['1', '3', '3'],
    ]);
    expect(items[1]!.textContent).toContain('4.8 MB');
  });

  it('walks to Assets/Scripts/Player.cs with Right and Down, and back with Left, Home and End', () => {
    renderTree();
    screen.getAllByRole('treeitem')[0]!.focus();

    press('ArrowRight'); // opens Assets, focus stays
    expect(nameOf(focused())).toBe('Assets/');
    expect(focused().getAttribute('aria-expanded')).toBe('true');
    press('ArrowRight'); // enters it
    expect(nameOf(focused())).toBe('Scenes/');
    expect(focused().getAttribute('aria-level')).toBe('2');
    press('ArrowDown');
    expect(nameOf(focused())).toBe('Scripts/');
    press('Enter'); // toggles open
    expect(focused().getAttribute('aria-expanded')).toBe('true');
    press('ArrowRight');
    press('ArrowDown');
    expect(nameOf(focused())).toBe('Player.cs');
    expect(focused().getAttribute('aria-level')).toBe('3');
    expect(focused().getAttribute('aria-posinset')).toBe('2');
    expect(focused().tabIndex).toBe(0);
    expect(screen.getAllByRole('treeitem').filter((item) => item.tabIndex === 0)).toHaveLength(1);

    press('ArrowUp');
    expect(nameOf(focused())).toBe('Enemy.cs');
    press('ArrowDown');
    press('ArrowRight'); // a file: nothing to open
    expect(nameOf(focused())).toBe('Player.cs');
    press('ArrowLeft'); // to its folder
    expect(nameOf(focused())).toBe('Scripts/');
    press('ArrowLeft'); // closes it
    expect(focused().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Player.cs')).toBeNull();
    press('ArrowLeft'); // up to Assets
    expect(nameOf(focused())).toBe('Assets/');
    press('End');
    expect(nameOf(focused())).toBe('README.md');
    press('ArrowDown'); // stays at the end
    expect(nameOf(focused())).toBe('README.md');
    press('Home');
    expect(nameOf(focused())).toBe('Assets/');
    press(' ');
    expect(focused().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens and closes a folder on click', () => {
    renderTree();
    fireEvent.click(screen.getAllByRole('treeitem')[1]!);
    expect(screen.getAllByRole('treeitem').map(nameOf)).toEqual(['Assets/', 'Library/', 'Cache.bin', 'README.md']);
    expect(screen.getAllByRole('treeitem')[1]!.tabIndex).toBe(0);
  });

  it('draws only the rows in view of 50,000 files, and the focused one after End', () => {
    const count = 50_000;
    const paths = Array.from({ length: count }, (_, index) => `src/file-${String(index).padStart(5, '0')}.ts`);
    const sizes = paths.map(() => 1_000);
    const started = performance.now();
    const tree = renderTree(paths, sizes);
    screen.getAllByRole('treeitem')[0]!.focus();
    press('ArrowRight');
    const elapsed = performance.now() - started;

    const drawn = screen.getAllByRole('treeitem');
    expect(drawn.length).toBeLessThan(40);
    expect(tree.style.height).toBe(`${(count + 1) * TREE_ROW_HEIGHT}px`);
    expect(drawn[0]!.getAttribute('aria-setsize')).toBe('1');
    expect(drawn[1]!.getAttribute('aria-setsize')).toBe(String(count));

    press('End');
    expect(nameOf(focused())).toBe('file-49999.ts');
    expect(focused().getAttribute('aria-posinset')).toBe('50000');
    expect(screen.getAllByRole('treeitem').length).toBeLessThan(60);
    // Building and opening 50,000 entries stays well within a frame budget's order of magnitude.
    expect(elapsed).toBeLessThan(1_500);
  });
});
