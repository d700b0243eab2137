import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productPagePath, type FirstScreenAnswers } from '@market/contracts';
import { z } from 'zod';
import { sendEncoded } from '../../http/compression.js';
import type { Clock } from '../../platform/clock.js';
import { EncodedBody } from '../../platform/encoded-body.js';
import { DroppableLru } from '../../platform/droppable-lru.js';
import { notFound, PageNotFound } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import { robotsTxt, sitemapXml, withFirstScreen, withShareCard } from './page-head.js';
import { browsePage, homePage, productPage, type StorefrontPage } from './storefront-pages.js';
import { currentWebBuild, type BuiltWebApp } from './web-build.js';

/**
 * A kept page older than this is rendered again behind the visitor's back (the visitor still gets the
 * kept one): sales and views move the lists without a product write, and the catalogue's own kept
 * answers, which the page is made of, may be a minute old.
 */
const VISITOR_PAGE_REFRESH_MS = 30_000;

/** Visitors' pages kept at most, by number and by size: a crawler walking every product page cannot fill the memory. */
const KEPT_PAGES_MAX = 1_000;
const KEPT_PAGES_MAX_BYTES = 64 * 1024 * 1024;

const HTML = 'text/html; charset=utf-8';

interface SentPage {
  body: EncodedBody;
  /** False when the page's subject (a product) is not there for the viewer: answered 404. */
  found: boolean;
}

interface KeptPage extends SentPage {
  renderedAt: number;
}

/** index.html made the page's own (a product page's share card in its head), and whether its subject was found. */
type PageShape = (indexHtml: string) => Promise<{ html: string; found: boolean }>;

/** A page with nothing to find: index.html as it is. */
const fixedPage: PageShape = async (html) => ({ html, found: true });

/** A page whose render failed: sent (the browser renders it) but not kept. */
class UnkeptPage extends Error {
  constructor(readonly page: SentPage) {
    super('the first screen was not rendered');
  }
}

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
   * Visitors' pages by URL, as sent (with their compressed forms): a render costs tens of milliseconds
   * of CPU (hundreds on a cold or busy process), and the page around it (share card, stylesheets, the
   * embedded answers) a database read and a compression more, while every visitor of a URL sees the
   * same bytes until the catalogue changes (then its version moves on and every kept page goes, on
   * every instance, docs/decisions/0005) or the web app is rebuilt. Nothing in a visitor's page is
   * theirs: no session, no nonce, no token (the CSP allows the site's own scripts, and writes are
   * guarded by their origin, http/same-origin.ts); a signed-in user's page is rendered for them and
   * never kept. No visitor waits for a render but the first after a change: an old page is answered
   * while its successor renders.
   */
  const visitorPages = new DroppableLru<KeptPage>({
    max: KEPT_PAGES_MAX,
    maxSize: KEPT_PAGES_MAX_BYTES,
    // The compressed forms kept beside the page are a fraction of it.
    sizeOf: (page) => page.body.identity.length * 2,
  });
  let keptFor: { version: number; build: BuiltWebApp } | null = null;

  /** The page as sent: index.html shaped for it (its share card), with its first screen when the renderer made one. */
  async function pageHtml(
    request: FastifyRequest,
    build: BuiltWebApp,
    page: StorefrontPage,
    shape: PageShape,
  ): Promise<{ html: string; found: boolean; renderFailed: boolean }> {
    let renderFailed = false;
    const [rendered, shaped] = await Promise.all([
      build.renderer
        ? build.renderer.renderFirstScreen(request.url, answersFor(app, request)).catch((error: unknown) => {
            // The browser renders a page the server could not: the visitor still gets it, a moment later.
            request.log.error({ err: error }, 'rendering the first screen failed');
            renderFailed = true;
            return null;
          })
        : null,
      shape(build.indexHtml),
    ]);
    const html = withFirstScreen(shaped.html, { rendered, styles: build.stylesOf(page.source) });
    return { html, found: shaped.found, renderFailed };
  }

  async function visitorPage(request: FastifyRequest, build: BuiltWebApp, page: StorefrontPage, shape: PageShape): Promise<SentPage> {
    const version = catalogue.keptReadsVersion;
    // A rebuilt web app renders anew: its markup must match the scripts the page now loads.
    if (keptFor?.version !== version || keptFor.build !== build) {
      visitorPages.clear();
      keptFor = { version, build };
    }
    const renderNow = async (): Promise<KeptPage> => {
      const { html, found, renderFailed } = await pageHtml(request, build, page, shape);
      const body = new EncodedBody(Buffer.from(html));
      // Not kept: the next visitor's render may succeed.
      if (renderFailed) throw new UnkeptPage({ body, found });
      return { body, found, renderedAt: clock.now().getTime() };
    };
    const kept = visitorPages.get(request.url);
    if (!kept) {
      return visitorPages.compute(request.url, renderNow).catch((error: unknown) => {
        if (error instanceof UnkeptPage) return error.page;
        throw error;
      });
    }
    if (clock.now().getTime() - kept.renderedAt >= VISITOR_PAGE_REFRESH_MS) {
      // After this answer is sent: a render's first pass runs at once, and this visitor would wait for it.
      setImmediate(() => {
        // Another visitor's refresh made it already.
        if (visitorPages.get(request.url) !== kept) return;
        visitorPages.compute(request.url, renderNow).catch((error: unknown) => {
          if (error instanceof UnkeptPage) return;
          request.log.error({ err: error }, 'rendering the first screen again failed; the kept page stays');
        });
      });
    }
    return kept;
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: StorefrontPage, shape: PageShape) {
    const build = await currentWebBuild(webDistDir);
    if (!build) throw notFound('The web app is not built yet: run npm run build.');
    // A signed-in user's answers may be their own: no shared cache keeps the page.
    reply.header('cache-control', 'private, no-cache');
    if (request.user) {
      const { html, found } = await pageHtml(request, build, page, shape);
      if (!found) throw new PageNotFound(new EncodedBody(Buffer.from(html)));
      return reply.type(HTML).send(html);
    }
    const { body, found } = await visitorPage(request, build, page, shape);
    if (!found) throw new PageNotFound(body);
    return sendEncoded(request, reply, body, HTML);
  }

  app.get('/', { schema: { hide: true, tags } }, (request, reply) => sendPage(request, reply, homePage, fixedPage));
  app.get('/browse-game', { schema: { hide: true, tags } }, (request, reply) => sendPage(request, reply, browsePage, fixedPage));

  app.get(
    '/downloads/:title',
    { schema: { hide: true, tags, params: z.strictObject({ title: z.string().max(300) }) } },
    async (request, reply) =>
      sendPage(request, reply, productPage, async (html) => {
        const card = await catalogue.shareCard(request.user, request.params.title);
        if (!card) return { html, found: false };
        const url = `${publicUrl}${productPagePath(request.params.title)}`;
        return { html: withShareCard(html, { ...card, image: `${publicUrl}${card.image}`, url }), found: true };
      }),
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
    // At once, not at the next visit: a render under way from the old answers is not kept either.
    visitorPages.clear();
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
