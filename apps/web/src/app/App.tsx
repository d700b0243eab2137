import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './AppProviders';
import { routes } from './routes';

// The declarative router: the SPA loads no data through routes, and it ships
// much less JavaScript than the data router.
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
