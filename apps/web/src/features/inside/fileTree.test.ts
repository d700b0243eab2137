import { describe, expect, it } from 'vitest';
import { buildFileTree, visibleRows } from './fileTree';

const PATHS = [
  'Assets/Scripts/Enemy.cs',
  'Assets/Scripts/Player.cs',
  'Assets/readme.txt',
  'README.md',
  'Zeta/a.txt',
  'keystore/release.jks',
];
const SIZES = [100, 200, 5, 7, 1, 3];

describe('buildFileTree', () => {
  it('implies folders from the paths, sums their sizes and lists folders before files', () => {
    const model = buildFileTree(PATHS, SIZES);
    const names = (indexes: number[]) => indexes.map((index) => model.nodes[index]!.name);
    expect(names(model.roots)).toEqual(['Assets', 'keystore', 'Zeta', 'README.md']);
    const assets = model.nodes[model.roots[0]!]!;
    expect(assets).toMatchObject({ isFolder: true, bytes: 305, level: 1, path: 'Assets' });
    expect(names(assets.children)).toEqual(['Scripts', 'readme.txt']);
    const scripts = model.nodes[assets.children[0]!]!;
    expect(scripts).toMatchObject({ bytes: 300, level: 2, path: 'Assets/Scripts' });
    expect(model.nodes[scripts.children[1]!]).toMatchObject({ name: 'Player.cs', level: 3, bytes: 200, isFolder: false });
  });

  it('takes ./ at the start of a path for the archive itself', () => {
    const model = buildFileTree(['./Assets/Player.cs', './README.md'], [1, 2]);
    expect(model.roots.map((index) => model.nodes[index]!.path)).toEqual(['Assets', 'README.md']);
  });

  it('orders names as a file manager does: numbers by value, letters whatever their case', () => {
    const model = buildFileTree(['Module10.cs', 'module2.cs', 'Module1.cs', 'alpha.cs'], [1, 1, 1, 1]);
    expect(model.roots.map((index) => model.nodes[index]!.name)).toEqual(['alpha.cs', 'Module1.cs', 'module2.cs', 'Module10.cs']);
  });
});

describe('visibleRows', () => {
  it('shows the top level, and the children of open folders with their place among their siblings', () => {
    const model = buildFileTree(PATHS, SIZES);
    expect(visibleRows(model, new Set()).map((row) => model.nodes[row.node]!.name)).toEqual(['Assets', 'keystore', 'Zeta', 'README.md']);

    const assets = model.roots[0]!;
    const scripts = model.nodes[assets]!.children[0]!;
    const rows = visibleRows(model, new Set([assets, scripts]));
    expect(rows.map((row) => [model.nodes[row.node]!.path, row.posInSet, row.setSize])).toEqual([
      ['Assets', 1, 4],
      ['Assets/Scripts', 1, 2],
      ['Assets/Scripts/Enemy.cs', 1, 2],
      ['Assets/Scripts/Player.cs', 2, 2],
      ['Assets/readme.txt', 2, 2],
      ['keystore', 2, 4],
      ['Zeta', 3, 4],
      ['README.md', 4, 4],
    ]);
    // An open folder inside a closed one stays hidden.
    expect(visibleRows(model, new Set([scripts]))).toHaveLength(4);
  });
});
