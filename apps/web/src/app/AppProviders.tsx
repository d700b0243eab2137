import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './queryClient';

/** `client` is given by the server's render and by a page hydrated from it; otherwise the app makes its own. */
export function AppProviders({ client, children }: { client?: QueryClient | undefined; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
