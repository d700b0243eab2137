import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { ComingSoonNote } from '@/components/ComingSoon';
import { PageHead } from '@/components/PageHead';
import { PageSpinner } from '@/components/PageSpinner';

export interface PanelEntry {
  /** Child path under the panel, e.g. 'user-dashboard'. */
  path: string;
  /** Text in the side menu and heading of the page. */
  label: string;
  /** What the page does (shown as a "coming soon" note until it has a page). */
  summary: string;
  /** The page's content under its heading; usually lazy, so each panel page is its own chunk. */
  page?: ComponentType;
  /** The page has pages of its own under its path (e.g. licences/{code}). */
  nested?: boolean;
}

interface PanelLayoutProps {
  name: string;
  /** Absolute path of the panel, e.g. '/userPanel'. */
  basePath: string;
  entries: readonly PanelEntry[];
  /** Where '/<panel>' itself and unknown children lead. */
  defaultPath: string;
}

/** Side menu plus content area; the entry matching the current path is highlighted. */
export function PanelLayout({ name, basePath, entries, defaultPath }: PanelLayoutProps) {
  // Absolute targets: inside a splat route ('/userPanel/*') relative links resolve from the
  // full current path, not from the panel's root.
  const home = `${basePath}/${defaultPath}`;
  const menu = useActiveEntryInView();
  const more = useHiddenEntries(menu);
  return (
    <div className="container panel">
      <div className="row">
        <aside className="col-12 col-lg-3 col-xxl-2 panel-sidebar">
          <h2 className="panel-sidebar-title">{name}</h2>
          <nav aria-label={name} className="panel-menu-strip">
            <ul className="panel-menu" ref={menu}>
              {entries.map((entry) => (
                <li key={entry.path}>
                  <NavLink to={`${basePath}/${entry.path}`} className="panel-menu-link">
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {more.before && (
              <span className="panel-menu-more panel-menu-more-start" aria-hidden="true">
                ‹
              </span>
            )}
            {more.after && (
              <span className="panel-menu-more panel-menu-more-end" aria-hidden="true">
                ›
              </span>
            )}
          </nav>
        </aside>
        <section className="col-12 col-lg-9 col-xxl-10 panel-content">
          <Routes>
            <Route index element={<Navigate to={home} replace />} />
            {entries.map((entry) => (
              <Route key={entry.path} path={entry.nested ? `${entry.path}/*` : entry.path} element={<PanelPage entry={entry} />} />
            ))}
            <Route path="*" element={<Navigate to={home} replace />} />
          </Routes>
        </section>
      </div>
    </div>
  );
}

/**
 * Below lg the menu is a strip that scrolls sideways: the current entry (the eleventh of the admin
 * panel, say) is brought into the strip's view. Only the strip scrolls, never the page.
 */
function useActiveEntryInView() {
  const menu = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const strip = menu.current;
    // The entry of this page, or of the page it sits under (a licence's certificate under Licences).
    const links = strip ? Array.from(strip.querySelectorAll<HTMLAnchorElement>('a')) : [];
    const active = links.find((link) => {
      const href = link.getAttribute('href') ?? '';
      return pathname === href || pathname.startsWith(`${href}/`);
    });
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    const start = active.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
    const end = start + active.offsetWidth;
    if (start < strip.scrollLeft || end > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, start - (strip.clientWidth - active.offsetWidth) / 2);
    }
  }, [pathname]);
  return menu;
}

/**
 * Below lg the strip is cut at the window's edges: a fade and an arrow at each end that hides
 * entries say there is more, and which way (a cut-off strip gave no sign that it scrolls).
 */
function useHiddenEntries(menu: RefObject<HTMLUListElement | null>) {
  const [more, setMore] = useState({ before: false, after: false });
  useLayoutEffect(() => {
    const strip = menu.current;
    if (!strip) return;
    const measure = () => {
      const before = strip.scrollLeft > 1;
      const after = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
      setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    measure();
    strip.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(strip);
    return () => {
      strip.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [menu]);
  return more;
}

function PanelPage({ entry }: { entry: PanelEntry }) {
  const Page = entry.page;
  return (
    <>
      <PageHead title={entry.label} />
      <h1 className="page-title">{entry.label}</h1>
      {Page ? (
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      ) : (
        <ComingSoonNote>{entry.summary}</ComingSoonNote>
      )}
    </>
  );
}
