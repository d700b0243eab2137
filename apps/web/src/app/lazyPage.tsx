import { lazy, useState, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';

type PageModule = { default: ComponentType };

/** A route's page in its own chunk, which a page the server drew loads before the app takes it over. */
export interface LazyPage {
  (): ReactElement;
  preload(): Promise<PageModule>;
}

/**
 * React.lazy, plus `preload`: once the chunk is in, the page renders at once, without suspending.
 * A page the server drew (entry-server.tsx) is taken over only after its chunk is in, so hydration
 * never leaves the page's Suspense boundary waiting, where any update would replace the page with
 * its spinner until the chunk arrived.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<PageModule> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Suspending = lazy(preload);
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the module would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Suspending);
    return <Component />;
  }
  return Object.assign(Page, { preload });
}

/** Loads the page chunks the routes matching `pathname` render. */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const type = (route.element as { type?: unknown } | undefined)?.type;
    return typeof type === 'function' && 'preload' in type ? [(type as LazyPage).preload()] : [];
  });
  await Promise.all(pages);
}
