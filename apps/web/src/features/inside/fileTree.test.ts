import { describe, expect, it } from 'vitest';
import { buildFileTree, visibleRows } from './fileTree';

const PATHS = ['Assets/Scripts/Enemy.cs', 'Assets/Scripts/Player.cs', 'Assets/readme.txt', 'README.md', 'Zeta/a.txt'];
const SIZES = [100, 200, 5, 7, 1];

describe('buildFileTree', () => {
  it('implies folders from the paths, sums their sizes and lists folders before files', () => {
    const model = buildFileTree(PATHS, SIZES);
    const names = (indexes: number[]) => indexes.map((index) => model.nodes[index]!.name);
    expect(names(model.roots)).toEqual(['Assets', 'Zeta', 'README.md']);
    const assets = model.nodes[model.roots[0]!]!;
    expect(assets).toMatchObject({ isFolder: true, bytes: 305, level: 1, path: 'Assets' });
    expect(names(assets.children)).toEqual(['Scripts', 'readme.txt']);
    const scripts = model.nodes[assets.children[0]!]!;
    expect(scripts).toMatchObject({ bytes: 300, level: 2, path: 'Assets/Scripts' });
    expect(model.nodes[scripts.children[1]!]).toMatchObject({ name: 'Player.cs', level: 3, bytes: 200, isFolder: false });
  });
});

describe('visibleRows', () => {
  it('shows the top level, and the children of open folders with their place among their siblings', () => {
    const model = buildFileTree(PATHS, SIZES);
    expect(visibleRows(model, new Set()).map((row) => model.nodes[row.node]!.name)).toEqual(['Assets', 'Zeta', 'README.md']);

    const assets = model.roots[0]!;
    const scripts = model.nodes[assets]!.children[0]!;
    const rows = visibleRows(model, new Set([assets, scripts]));
    expect(rows.map((row) => [model.nodes[row.node]!.path, row.posInSet, row.setSize])).toEqual([
      ['Assets', 1, 3],
      ['Assets/Scripts', 1, 2],
      ['Assets/Scripts/Enemy.cs', 1, 2],
      ['Assets/Scripts/Player.cs', 2, 2],
      ['Assets/readme.txt', 2, 2],
      ['Zeta', 2, 3],
      ['README.md', 3, 3],
    ]);
    // An open folder inside a closed one stays hidden.
    expect(visibleRows(model, new Set([scripts]))).toHaveLength(3);
  });
});
