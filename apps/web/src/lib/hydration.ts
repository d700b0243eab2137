import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while the server renders a page and while React takes over that markup in the browser,
 * true from then on (and at once in a page the browser draws itself). What only the browser can
 * show, or what no one sees at first, waits for it: the server's page stays small and matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
