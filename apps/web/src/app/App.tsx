import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './AppProviders';
import { routes } from './routes';

// The declarative router: the SPA loads no data through routes, and it ships
// much less JavaScript than the data router.
export function AppRoutes() {
  return useRoutes(routes);
}

export function App({ client }: { client?: QueryClient | undefined }) {
  return (
    <AppProviders client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
