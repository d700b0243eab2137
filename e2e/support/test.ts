import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, closing the browser contexts a journey opens itself with
 * `browser.newContext()`. Playwright leaves those open for the rest of the worker: each one's pages
 * kept running (live chats polling, timers) and were traced again at the start of every later
 * journey, so a long run slowed down and raced more the further it went.
 */
export const test = base.extend<{ closeContextsOpenedByTheJourney: void }>({
  closeContextsOpenedByTheJourney: [
    async ({ browser }, use) => {
      const openBefore = new Set(browser.contexts());
      await use();
      // Closing runs Playwright's own close hooks, so a failing journey still gets its screenshots and trace.
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !openBefore.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
