import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogueService } from '../catalogue/index.js';
import { robotsTxt, sitemapXml, withShareCard } from './page-head.js';

export interface SharingRoutesOptions {
  catalogue: CatalogueService;
  webDistDir: string;
  publicUrl: string;
}

/**
 * What link previews and search engines read: product pages with their title, description and
 * image in the HTML head (the SPA renders the rest), the sitemap and robots.txt.
 */
export const sharingRoutes: FastifyPluginAsyncZod<SharingRoutesOptions> = async (app, { catalogue, webDistDir, publicUrl }) => {
  const tags = ['sharing'];

  app.get(
    '/downloads/:title',
    { schema: { hide: true, tags, params: z.strictObject({ title: z.string().max(300) }) } },
    async (request, reply) => {
      let indexHtml: string;
      try {
        // Read per request: a rebuilt web app is picked up without a restart, and the file is small.
        indexHtml = await readFile(path.join(webDistDir, 'index.html'), 'utf8');
      } catch {
        return reply.status(404).send({ message: 'The web app is not built yet: run npm run build.' });
      }
      const card = await catalogue.shareCard(request.params.title);
      const html = card
        ? withShareCard(indexHtml, {
            ...card,
            image: `${publicUrl}${card.image}`,
            url: `${publicUrl}/downloads/${encodeURIComponent(request.params.title)}`,
          })
        : indexHtml;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    },
  );

  app.get('/sitemap.xml', { schema: { hide: true, tags } }, async (_request, reply) => {
    const body = sitemapXml(publicUrl, await catalogue.sitemapEntries());
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get('/robots.txt', { schema: { hide: true, tags } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(publicUrl)),
  );
};
