import { API_V1_PREFIX } from '@market/contracts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EncodedBody } from '../platform/encoded-body.js';
import { PageNotFound } from '../platform/errors.js';

export interface SpaOptions {
  webDistDir: string;
  /** The app's HTML for a path it has no page at, answered 404; null when it has one. */
  missingPage?: (pathname: string) => Promise<string | null>;
}

/**
 * Serves the built web app: hashed assets with a year of caching, compressed at build time, and index.html for every other
 * GET outside /api so client-side routes survive a reload (404 where the app has no page). Unknown API paths answer JSON 404.
 */
export const spa = fp<SpaOptions>(async function spa(app: FastifyInstance, { webDistDir, missingPage }) {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz twins of every text asset (scripts/precompress.mjs).
      preCompressed: true,
      // The build manifest (.vite/) is for the server's pages, not for the world.
      allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (isPageRequest && built) {
      reply.header('cache-control', 'no-cache');
      const missing = await missingPage?.(request.url.split('?', 1)[0] ?? request.url);
      // The app's "not found" page, said with the status too, so a crawler or link checker is not told it is a page.
      if (missing) throw new PageNotFound(new EncodedBody(Buffer.from(missing)));
      return reply.sendFile('index.html');
    }
    if (isPageRequest) {
      return reply.status(404).send({ message: 'The web app is not built yet: run npm run build.' });
    }
    const message = `No such API call: ${request.method} ${request.url.split('?')[0]}`;
    // The public API answers its own error body everywhere under it (docs/decisions/0014).
    if (request.url.startsWith(API_V1_PREFIX)) return reply.status(404).send({ error: { code: 'not_found', message } });
    return reply.status(404).send({ message });
  });
});
