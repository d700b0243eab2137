import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

interface TableScrollProps {
  /** Names the scrolling region, e.g. the table's caption. */
  label: string;
  className?: string;
  busy?: boolean;
  children: ReactNode;
}

/**
 * A table that keeps inside its own column: when it is wider than the room it has, it scrolls
 * sideways inside this box, never past the page's edge. Only then is the box a named region that
 * takes keyboard focus, so arrow keys can scroll it (WCAG 2.1.1); a table that fits adds no tab stop.
 */
export function TableScroll({ label, className = '', busy, children }: TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <div
      ref={box}
      className={`table-responsive table-scroll ${className}`}
      aria-busy={busy}
      {...(scrolls ? { role: 'region', 'aria-label': `${label} (scrolls sideways)`, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}

function useScrollsSideways(box: RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The box changes with the window, the table with its rows: watch both.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}
