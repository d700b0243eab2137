import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import './table-scroll.css';

interface TableScrollProps {
  /** Names the scrolling region, e.g. the table's caption. */
  label: string;
  className?: string;
  busy?: boolean;
  children: ReactNode;
}

/**
 * A table that keeps inside its own column. Its words stay whole (a title cut 'Worko-ut' in a
 * column three letters wide is no table); when the columns do not fit the room, each row becomes
 * a card of label and value pairs, so the last column (Actions) is never cut off. Should even a
 * card be wider than the room, the box scrolls sideways, and only then is it a named region that
 * takes keyboard focus, so arrow keys can scroll it (WCAG 2.1.1); a table that fits adds no tab stop.
 */
export function TableScroll({ label, className = '', busy, children }: TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  const { stacked, scrolls } = useTableLayout(box);
  useCellLabels(box);
  return (
    <div
      ref={box}
      className={`table-responsive table-scroll${stacked ? ' is-stacked' : ''} ${className}`}
      aria-busy={busy}
      {...(scrolls ? { role: 'region', 'aria-label': `${label} (scrolls sideways)`, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}

interface TableLayout {
  stacked: boolean;
  scrolls: boolean;
}

/**
 * Stacks the rows once the table is wider than its box, and lays it out as a table again once the
 * box has the width the table needed. Measured before paint, again whenever the box or the table
 * changes size.
 */
function useTableLayout(box: RefObject<HTMLDivElement | null>): TableLayout {
  const [layout, setLayout] = useState<TableLayout>({ stacked: false, scrolls: false });
  const neededWidth = useRef(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const overflows = element.scrollWidth > element.clientWidth + 1;
      const stacked = element.classList.contains('is-stacked');
      let next: TableLayout;
      if (!stacked && overflows) {
        neededWidth.current = element.scrollWidth;
        next = { stacked: true, scrolls: false };
      } else if (stacked && element.clientWidth >= neededWidth.current) {
        next = { stacked: false, scrolls: false };
      } else {
        next = { stacked, scrolls: overflows };
      }
      setLayout((current) => (current.stacked === next.stacked && current.scrolls === next.scrolls ? current : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The box changes with the window, the table with its rows: watch both.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return layout;
}

/** Each body cell carries its column's heading as `data-label`, which a stacked row shows beside the value. */
function useCellLabels(box: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const label = () => {
      for (const table of element.querySelectorAll('table')) {
        const headings = Array.from(table.querySelectorAll('thead th'), (heading) => heading.textContent?.trim() ?? '');
        for (const row of table.querySelectorAll('tbody tr')) {
          Array.from(row.children).forEach((cell, index) => {
            const heading = headings[index] ?? '';
            if (cell.getAttribute('data-label') !== heading) cell.setAttribute('data-label', heading);
          });
        }
      }
    };
    label();
    if (typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(label);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [box]);
}
