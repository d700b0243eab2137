import { useLayoutEffect, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';

/** Where the memory router is now, for tests to read as `router.state.location`. */
interface RouterProbe {
  state: { location: Location };
}

function Routes({ routes, onLocation }: { routes: RouteObject[]; onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onLocation(location);
  }, [location, onLocation]);
  return useRoutes(routes);
}

/** Renders routes in a memory router with a fresh, retry-free query client. */
export function renderRoutes(routes: RouteObject[], initialPath = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router: RouterProbe = { state: { location: { pathname: initialPath, search: '', hash: '', state: null, key: 'initial' } } };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialPath]}>
        <Routes routes={routes} onLocation={(location) => (router.state.location = location)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export function renderAt(element: ReactElement, initialPath = '/') {
  return renderRoutes([{ path: '*', element }], initialPath);
}

type Responder = (url: string, init: RequestInit | undefined) => { status: number; body?: unknown };

/** Replaces fetch with a fake that answers JSON from `respond`; returns the recorded calls. */
export function fakeFetch(respond: Responder) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    const { status, body } = respond(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

export const userAlice = {
  _id: 'user_alice_01',
  name: 'Alice Wonderland',
  email: 'alice@example.com',
  number: '+15550100',
  role: 'User',
} as const;
export const adminBob = { _id: 'admin_bob_001', name: 'Bob Admin', email: 'bob@example.com', number: '+15550101', role: 'Admin' } as const;
