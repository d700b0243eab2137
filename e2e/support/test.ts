import { test as base } from '@playwright/test';
import { startWorkerAppServer } from './app-server.js';

export * from '@playwright/test';

interface WorkerFixtures {
  /** Whether the project's journeys run on an app server of their worker's own (see app-server.ts). */
  serverPerWorker: boolean;
  /** The address of the app the worker's journeys use. */
  appURL: string;
}

/**
 * Playwright's `test`, on the worker's own app server where the project asks for one, and closing
 * the browser contexts a journey opens itself with `browser.newContext()`. Playwright leaves those
 * open for the rest of the worker: each one's pages kept running (live chats polling, timers) and
 * were traced again at the start of every later journey, so a long run slowed down and raced more
 * the further it went.
 */
export const test = base.extend<{ closeContextsOpenedByTheJourney: void }, WorkerFixtures>({
  serverPerWorker: [false, { scope: 'worker', option: true }],
  appURL: [
    async ({ serverPerWorker }, use, workerInfo) => {
      if (!serverPerWorker) return use(workerInfo.project.use.baseURL!);
      const server = await startWorkerAppServer(workerInfo.parallelIndex);
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ appURL }, use) => use(appURL),
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
