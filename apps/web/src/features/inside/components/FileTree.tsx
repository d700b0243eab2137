import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatBytes } from '@/lib/format';
import { buildFileTree, visibleRows, type FileTreeModel, type VisibleRow } from '../fileTree';

/** Pixel sizes the window of drawn rows is worked out from; the rows and the box are sized with them too. */
export const TREE_ROW_HEIGHT = 36;
export const TREE_VIEW_HEIGHT = 432;
/** Rows drawn above and below the visible ones, so a fast scroll shows no gap. */
const OVERSCAN_ROWS = 10;
/** Deeper folders stop indenting further, so names keep room at 375 px. */
const MAX_INDENT_LEVELS = 12;

interface FileTreeProps {
  paths: readonly string[];
  sizes: readonly number[];
  label: string;
}

/**
 * The archive's files as a WAI-ARIA tree with one tab stop. Only the rows in view (and the focused
 * one) are in the DOM, so an archive of 50,000 files opens and scrolls as fast as one of ten.
 */
export function FileTree({ paths, sizes, label }: FileTreeProps) {
  const model = useMemo(() => buildFileTree(paths, sizes), [paths, sizes]);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const rows = useMemo(() => visibleRows(model, open), [model, open]);
  const rowOfNode = useMemo(() => rowIndexByNode(model, rows), [model, rows]);
  const [activeNode, setActiveNode] = useState(model.roots[0] ?? -1);
  const [scrollTop, setScrollTop] = useState(0);
  // Bumped by each key press that moves: the newly active row takes the focus once it is drawn.
  const [focusRequest, setFocusRequest] = useState(0);
  const scrollBox = useRef<HTMLDivElement>(null);
  const tree = useRef<HTMLDivElement>(null);

  const activeRow = visibleRowOf(model, rowOfNode, activeNode);

  useLayoutEffect(() => {
    if (focusRequest === 0 || activeRow < 0) return;
    const box = scrollBox.current;
    if (box) {
      const top = activeRow * TREE_ROW_HEIGHT;
      if (top < box.scrollTop) box.scrollTop = top;
      else if (top + TREE_ROW_HEIGHT > box.scrollTop + TREE_VIEW_HEIGHT) box.scrollTop = top + TREE_ROW_HEIGHT - TREE_VIEW_HEIGHT;
      setScrollTop(box.scrollTop);
    }
    tree.current?.querySelector<HTMLElement>(`[data-row="${activeRow}"]`)?.focus({ preventScroll: true });
  }, [activeRow, focusRequest]);

  if (rows.length === 0) return <p className="mb-0">The archive holds no files.</p>;

  const toggle = (node: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(node)) next.add(node);
      return next;
    });

  function moveTo(row: number) {
    const target = rows[Math.max(0, Math.min(rows.length - 1, row))];
    if (!target) return;
    setActiveNode(target.node);
    setFocusRequest((count) => count + 1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const row = rows[activeRow];
    if (!row) return;
    const node = model.nodes[row.node]!;
    const isOpen = open.has(row.node);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeRow + 1);
        break;
      case 'ArrowUp':
        moveTo(activeRow - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (node.isFolder && !isOpen) toggle(row.node);
        else if (node.isFolder && node.children.length > 0) moveTo(activeRow + 1);
        break;
      case 'ArrowLeft':
        if (node.isFolder && isOpen) toggle(row.node);
        else if (node.parent >= 0) moveTo(rowOfNode[node.parent] ?? 0);
        break;
      case 'Enter':
      case ' ':
        if (node.isFolder) toggle(row.node);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  const [first, last] = drawnRange(scrollTop, rows.length);
  const drawn: number[] = [];
  if (activeRow >= 0 && activeRow < first) drawn.push(activeRow);
  for (let index = first; index < last; index += 1) drawn.push(index);
  if (activeRow >= last) drawn.push(activeRow);

  return (
    <div
      ref={scrollBox}
      className="file-tree-scroll"
      style={{ height: Math.min(TREE_VIEW_HEIGHT, rows.length * TREE_ROW_HEIGHT) + 2 }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div ref={tree} role="tree" aria-label={label} className="file-tree" style={{ height: rows.length * TREE_ROW_HEIGHT }}>
        {drawn.map((index) => (
          <TreeRow
            key={rows[index]!.node}
            index={index}
            row={rows[index]!}
            model={model}
            isOpen={open.has(rows[index]!.node)}
            isActive={index === activeRow}
            onKeyDown={handleKeyDown}
            onClick={() => {
              setActiveNode(rows[index]!.node);
              if (model.nodes[rows[index]!.node]!.isFolder) toggle(rows[index]!.node);
            }}
          />
        ))}
      </div>
    </div>
  );
}

interface TreeRowProps {
  index: number;
  row: VisibleRow;
  model: FileTreeModel;
  isOpen: boolean;
  isActive: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onClick: () => void;
}

function TreeRow({ index, row, model, isOpen, isActive, onKeyDown, onClick }: TreeRowProps) {
  const node = model.nodes[row.node]!;
  const indent = Math.min(node.level - 1, MAX_INDENT_LEVELS);
  return (
    <div
      role="treeitem"
      aria-level={node.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={node.isFolder ? isOpen : undefined}
      tabIndex={isActive ? 0 : -1}
      data-row={index}
      className="file-tree-row"
      style={{ top: index * TREE_ROW_HEIGHT, height: TREE_ROW_HEIGHT, paddingInlineStart: `${0.5 + indent}rem` }}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <span className="file-tree-toggle" aria-hidden="true">
        {node.isFolder ? (isOpen ? '▾' : '▸') : ''}
      </span>
      <span className="file-tree-name" title={node.path}>
        {node.name}
        {node.isFolder ? '/' : ''}
      </span>
      <span className="visually-hidden">, </span>
      <span className="file-tree-size">{formatBytes(node.bytes)}</span>
    </div>
  );
}

/** Row index of each node; -1 for nodes inside closed folders. */
function rowIndexByNode(model: FileTreeModel, rows: VisibleRow[]): Int32Array {
  const index = new Int32Array(model.nodes.length).fill(-1);
  rows.forEach((row, position) => {
    index[row.node] = position;
  });
  return index;
}

/** The row of `node`, or of its nearest shown folder when a click closed a folder holding it. */
function visibleRowOf(model: FileTreeModel, rowOfNode: Int32Array, node: number): number {
  let current = node;
  while (current >= 0 && (rowOfNode[current] ?? -1) < 0) current = model.nodes[current]!.parent;
  return current >= 0 ? rowOfNode[current]! : model.roots.length > 0 ? 0 : -1;
}

/** The rows from `first` to before `last` are in view or close to it. */
function drawnRange(scrollTop: number, rowCount: number): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / TREE_ROW_HEIGHT) - OVERSCAN_ROWS);
  const last = Math.min(rowCount, Math.ceil((scrollTop + TREE_VIEW_HEIGHT) / TREE_ROW_HEIGHT) + OVERSCAN_ROWS);
  return [first, last];
}
