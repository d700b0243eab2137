import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, StaticRouter } from 'react-router';
import type { FirstScreenAnswers, FirstScreenRenderer } from '@market/contracts';
import { AppRoutes } from './app/App';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/routes';
import { answeringFrom } from './lib/first-screen';

/**
 * A page's reads are found by rendering it: the first render shows which queries it asks, their
 * answers are fetched, and it renders again with them. A read that needs another's answer (a
 * product's seller, say) shows up in the next render; four cover the storefront's pages.
 */
const MAX_RENDERS = 4;

/**
 * A Suspense boundary that resolved after the shell (a page module still loading) is sent as a
 * template that an inline script swaps in, and the site's CSP allows no inline script: such a page
 * is rendered again, by when its modules have loaded.
 */
const LATE_BOUNDARY = '<!--$?-->';

async function renderToHtml(url: string, client: QueryClient): Promise<string> {
  // prerender, unlike renderToString, waits for the lazily loaded page module.
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // React outlines a large boundary into a template that an inline script swaps in; the site's
    // CSP allows no inline script, so every boundary is written in place however large.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** A query the page would fetch at once: not answered yet and not switched off. */
function waitsForAnswer(query: Query): boolean {
  if (query.state.status !== 'pending') return false;
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** The storefront page at `url` as HTML, with the queries it was rendered from for the browser to continue with. */
export async function renderFirstScreen(url: string, answers: FirstScreenAnswers): ReturnType<FirstScreenRenderer['renderFirstScreen']> {
  const client = createQueryClient();
  const asked = new Set<string>();
  let html = '';
  for (let render = 1; render <= MAX_RENDERS; render += 1) {
    html = await renderToHtml(url, client);
    const waiting = client
      .getQueryCache()
      .getAll()
      .filter((query) => !asked.has(query.queryHash) && waitsForAnswer(query));
    if ((waiting.length === 0 && !html.includes(LATE_BOUNDARY)) || render === MAX_RENDERS) break;
    for (const query of waiting) asked.add(query.queryHash);
    await answeringFrom(answers, () => {
      for (const query of waiting) query.fetch().catch(() => undefined);
    });
    // Let the answered queries store their data before the next render reads it.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  // Only what the server answered goes to the browser; state of the browser's own (the stored session) stays there.
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => asked.has(query.queryHash) && query.state.status === 'success' });
  client.clear();
  return { html, state };
}

/** Whether a route other than the catch-all "not found" one takes `pathname`. */
export function hasPage(pathname: string): boolean {
  const deepest = matchRoutes(routes, pathname)?.at(-1);
  return deepest !== undefined && deepest.route.path !== '*';
}

export const renderer: FirstScreenRenderer = { renderFirstScreen, hasPage };
