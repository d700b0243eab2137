import './lib/zod-jitless';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/App';
import { preloadPages } from './app/lazyPage';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/routes';
import { readFirstScreenState } from './lib/first-screen';
import { rememberVisitSource } from './lib/visitSource';

/** Runs `onTakenOver` once React has committed the tree it hydrates, not when hydration starts. */
function AfterCommit({ onTakenOver, children }: { onTakenOver: () => void; children: ReactNode }) {
  useEffect(onTakenOver, [onTakenOver]);
  return children;
}

/**
 * Starts the app in #root; `onTakenOver` runs once React has the page (boot.ts then presses again
 * what was pressed before, each control once React owns it).
 */
export function startApp(onTakenOver: () => void): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element in index.html');
  // Before any view or cart event is sent: they carry where this visit came from (docs/decisions/0020).
  rememberVisitSource();

  // A storefront page arrives rendered with the queries it was rendered from (entry-server.tsx):
  // the app takes over that markup with the same data instead of drawing the page again.
  const state = readFirstScreenState();
  if (state && container.hasChildNodes()) {
    const client = createQueryClient();
    hydrate(client, state);
    void preloadPages(routes, window.location.pathname).then(() => {
      // As a transition, which React does in short slices: the browser paints the page and answers a
      // scroll between them, and a click on a part not yet taken over hydrates that part at once.
      startTransition(() => {
        hydrateRoot(
          container,
          <StrictMode>
            <AfterCommit onTakenOver={onTakenOver}>
              <App client={client} />
            </AfterCommit>
          </StrictMode>,
        );
      });
    });
  } else {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    onTakenOver();
  }
}
