import { Suspense, type ComponentType } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
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
  return (
    <div className="container-fluid panel">
      <div className="row">
        <aside className="col-12 col-lg-3 col-xxl-2 panel-sidebar">
          <h2 className="panel-sidebar-title">{name}</h2>
          <nav aria-label={name}>
            <ul className="panel-menu">
              {entries.map((entry) => (
                <li key={entry.path}>
                  <NavLink to={`${basePath}/${entry.path}`} className="panel-menu-link">
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <section className="col-12 col-lg-9 col-xxl-10 panel-content">
          <Routes>
            <Route index element={<Navigate to={home} replace />} />
            {entries.map((entry) => (
              <Route key={entry.path} path={entry.path} element={<PanelPage entry={entry} />} />
            ))}
            <Route path="*" element={<Navigate to={home} replace />} />
          </Routes>
        </section>
      </div>
    </div>
  );
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
