/**
 * The archive's file tree, built from the report's sorted file paths (folders are implied by them)
 * into flat arrays, so that 50,000 entries cost one pass to build and one pass per open or close.
 */

export interface TreeNode {
  name: string;
  path: string;
  /** 1 for the archive's top level, as aria-level counts. */
  level: number;
  /** Index of the folder holding it; -1 at the top level. */
  parent: number;
  isFolder: boolean;
  /** A file's size, or the sum of a folder's files. */
  bytes: number;
  /** Folders first, then files, each by name. */
  children: number[];
}

export interface FileTreeModel {
  nodes: TreeNode[];
  roots: number[];
}

/** One row of the tree as shown: the node with its place among its siblings, for aria-setsize/posinset. */
export interface VisibleRow {
  node: number;
  setSize: number;
  posInSet: number;
}

export function buildFileTree(paths: readonly string[], sizes: readonly number[]): FileTreeModel {
  const nodes: TreeNode[] = [];
  const roots: number[] = [];
  const folderIndex = new Map<string, number>();

  function addNode(name: string, path: string, parent: number, isFolder: boolean, bytes: number): number {
    const index = nodes.length;
    nodes.push({ name, path, level: parent < 0 ? 1 : nodes[parent]!.level + 1, parent, isFolder, bytes, children: [] });
    (parent < 0 ? roots : nodes[parent]!.children).push(index);
    return index;
  }

  paths.forEach((path, fileIndex) => {
    // An archive made with `zip -r x.zip ./` names its entries ./Assets/…; the . is no folder of its own.
    const parts = path.split('/').filter((part) => part !== '' && part !== '.');
    const bytes = sizes[fileIndex] ?? 0;
    let parent = -1;
    let folderPath = '';
    for (let depth = 0; depth < parts.length - 1; depth += 1) {
      folderPath = folderPath ? `${folderPath}/${parts[depth]}` : parts[depth]!;
      let folder = folderIndex.get(folderPath);
      if (folder === undefined) {
        folder = addNode(parts[depth]!, folderPath, parent, true, 0);
        folderIndex.set(folderPath, folder);
      }
      nodes[folder]!.bytes += bytes;
      parent = folder;
    }
    const name = parts.at(-1);
    if (name !== undefined) addNode(name, parts.join('/'), parent, false, bytes);
  });

  // Module2 before Module10, and keystore/ among the k's, as a file manager lists them.
  const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;
  const byKind = (a: number, b: number) => {
    const left = nodes[a]!;
    const right = nodes[b]!;
    if (left.isFolder !== right.isFolder) return left.isFolder ? -1 : 1;
    return byName(left.name, right.name);
  };
  roots.sort(byKind);
  for (const node of nodes) if (node.children.length > 1) node.children.sort(byKind);
  return { nodes, roots };
}

/** The rows a reader sees: every top-level entry, and the children of each open folder, in order. */
export function visibleRows(model: FileTreeModel, open: ReadonlySet<number>): VisibleRow[] {
  const rows: VisibleRow[] = [];
  // An explicit stack: a deep archive must not overflow the call stack.
  const stack: { siblings: number[]; next: number }[] = [{ siblings: model.roots, next: 0 }];
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    if (frame.next >= frame.siblings.length) {
      stack.pop();
      continue;
    }
    const node = frame.siblings[frame.next]!;
    frame.next += 1;
    rows.push({ node, setSize: frame.siblings.length, posInSet: frame.next });
    const children = model.nodes[node]!.children;
    if (open.has(node) && children.length > 0) stack.push({ siblings: children, next: 0 });
  }
  return rows;
}
