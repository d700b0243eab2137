import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productPagePath, type FirstScreen, type FirstScreenAnswers, type FirstScreenRenderer } from '@market/contracts';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import { DroppableLru } from '../../platform/droppable-lru.js';
import { notFound } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import { robotsTxt, sitemapXml, withFirstScreen, withShareCard } from './page-head.js';
import { browsePage, homePage, productPage, type StorefrontPage } from './storefront-pages.js';
import { readWebBuild } from './web-build.js';

/**
 * A kept page older than this is rendered again behind the visitor's back (the visitor still gets the
 * kept one): sales and views move the lists without a product write, and the catalogue's own kept
 * answers, which the page is made of, may be a minute old.
 */
const VISITOR_PAGE_REFRESH_MS = 30_000;

/** The storefront pages every visitor may land on, whatever the catalogue holds. */
const PAGES_RENDERED_AHEAD = ['/', '/browse-game'];
/** A catalogue change often comes in a burst (a product and its release, a sale's lines): one render after it. */
const RENDER_AHEAD_DELAY_MS = 200;

export interface PageRoutesOptions {
  catalogue: CatalogueService;
  clock: Clock;
  webDistDir: string;
  publicUrl: string;
}

/**
 * The API's answers to the page's reads, asked through the app itself as the browser would ask them
 * (same cookie, same routes, same cached answers), so the page holds exactly what the API sends.
 * Each URL is asked once per page.
 */
function answersFor(app: FastifyInstance, request: FastifyRequest): FirstScreenAnswers {
  const cookie = request.headers.cookie;
  const asked = new Map<string, Promise<{ data: unknown } | undefined>>();
  return (url) => {
    let answer = asked.get(url);
    if (!answer) {
      answer = app
        .inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
        .then((response) => (response.statusCode === 200 ? { data: response.json() as unknown } : undefined));
      asked.set(url, answer);
    }
    return answer;
  };
}

/**
 * What link previews, search engines and a buyer's first screen read: the storefront pages with their
 * first screen's data and preloads (product pages also with their title, description and image in
 * the head), the sitemap and robots.txt. The web app renders the rest.
 */
export const pageRoutes: FastifyPluginAsyncZod<PageRoutesOptions> = async (app, { catalogue, clock, webDistDir, publicUrl }) => {
  const tags = ['pages'];
  /**
   * Visitors' rendered pages by URL: a render costs tens of milliseconds of CPU (hundreds on a cold or
   * busy process), and every visitor of a URL sees the same page until the catalogue changes (then its
   * version moves on and every kept page goes) or the web app is rebuilt. No visitor waits for a
   * render but the first after a change: an old page is answered while its successor renders.
   */
  const visitorPages = new DroppableLru<{ rendered: FirstScreen; renderedAt: number }>({ max: 200 });
  let keptFor: { version: number; renderer: FirstScreenRenderer } | null = null;

  async function render(request: FastifyRequest, renderer: FirstScreenRenderer): Promise<FirstScreen> {
    if (request.user) return renderer.renderFirstScreen(request.url, answersFor(app, request));
    const version = catalogue.keptReadsVersion;
    // A rebuilt web app renders anew: its markup must match the scripts the page now loads.
    if (keptFor?.version !== version || keptFor.renderer !== renderer) {
      visitorPages.clear();
      keptFor = { version, renderer };
    }
    const renderNow = async () => ({
      rendered: await renderer.renderFirstScreen(request.url, answersFor(app, request)),
      renderedAt: clock.now().getTime(),
    });
    const kept = visitorPages.get(request.url);
    if (!kept) return (await visitorPages.compute(request.url, renderNow)).rendered;
    if (clock.now().getTime() - kept.renderedAt >= VISITOR_PAGE_REFRESH_MS) {
      // After this answer is sent: a render's first pass runs at once, and this visitor would wait for it.
      setImmediate(() => {
        visitorPages.compute(request.url, renderNow).catch((error: unknown) => {
          request.log.error({ err: error }, 'rendering the first screen again failed; the kept page stays');
        });
      });
    }
    return kept.rendered;
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: StorefrontPage, shape = (html: string) => html) {
    const build = await readWebBuild(webDistDir);
    if (!build) throw notFound('The web app is not built yet: run npm run build.');
    const rendered = build.renderer
      ? await render(request, build.renderer).catch((error: unknown) => {
          // The browser renders a page the server could not: the visitor still gets it, a moment later.
          request.log.error({ err: error }, 'rendering the first screen failed');
          return null;
        })
      : null;
    const html = withFirstScreen(shape(build.indexHtml), { rendered, styles: build.stylesOf(page.source) });
    // The answers may be a signed-in user's own: no shared cache keeps the page.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').send(html);
  }

  app.get('/', { schema: { hide: true, tags } }, (request, reply) => sendPage(request, reply, homePage));
  app.get('/browse-game', { schema: { hide: true, tags } }, (request, reply) => sendPage(request, reply, browsePage));

  app.get(
    '/downloads/:title',
    { schema: { hide: true, tags, params: z.strictObject({ title: z.string().max(300) }) } },
    async (request, reply) => {
      const card = await catalogue.shareCard(request.params.title);
      const withCard = (html: string) =>
        card
          ? withShareCard(html, {
              ...card,
              image: `${publicUrl}${card.image}`,
              url: `${publicUrl}${productPagePath(request.params.title)}`,
            })
          : html;
      return sendPage(request, reply, productPage, withCard);
    },
  );

  // A visitor should never wait for a render: the storefront's fixed pages are rendered ahead once the
  // server listens (a process's first render is several times slower than the next) and again shortly
  // after each catalogue change (a burst of writes makes one render).
  let renderingAhead: NodeJS.Timeout | null = null;
  let listening = false;
  const renderAhead = () => {
    renderingAhead = null;
    if (!listening) return;
    for (const url of PAGES_RENDERED_AHEAD) {
      void app.inject({ method: 'GET', url }).catch((error: unknown) => app.log.warn({ err: error }, `rendering ${url} ahead failed`));
    }
  };
  const stopFollowingCatalogue = catalogue.onKeptReadsDropped(() => {
    renderingAhead ??= setTimeout(renderAhead, RENDER_AHEAD_DELAY_MS);
  });
  app.addHook('onListen', async () => {
    listening = true;
    renderAhead();
  });
  app.addHook('onClose', async () => {
    listening = false;
    stopFollowingCatalogue();
    if (renderingAhead) clearTimeout(renderingAhead);
  });

  app.get('/sitemap.xml', { schema: { hide: true, tags } }, async (_request, reply) => {
    const body = sitemapXml(publicUrl, await catalogue.sitemapEntries());
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get('/robots.txt', { schema: { hide: true, tags } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(publicUrl)),
  );
};
