import type { Locator } from '@playwright/test';

/**
 * Waits until React has taken this server-rendered element over (it marks the elements it has
 * hydrated). Before that a link is the browser's own: pressing it loads a new document, a first
 * load, where focus rightly stays on the page, so a journey about route changes must wait.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const check = () => (Object.keys(node).some((key) => key.startsWith('__reactFiber')) ? resolve() : setTimeout(check, 20));
        check();
      }),
  );
}
