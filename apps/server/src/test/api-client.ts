import { createMarketplaceClient, type MarketplaceClient } from '@market/api-client';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** The address the client is given; app.inject needs none, it only keeps the URLs absolute. */
const BASE_URL = 'http://market.test';

/**
 * A fetch that hands each request to app.inject and its answer back as a Response: the app's whole
 * HTTP stack (hooks, validation, error handler, serialisation) runs, with no socket and no mock.
 */
export function fetchThrough(app: Pick<FastifyInstance, 'inject'>): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of [value ?? []].flat()) headers.append(name, String(one));
    }
    // A Response cannot carry a body with these statuses.
    const bodyless = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(bodyless ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

/** The generated client (packages/api-client) over the test app, as a seller's program holding `token`. */
export function marketplaceClientOf(app: Pick<FastifyInstance, 'inject'>, token: string): MarketplaceClient {
  return createMarketplaceClient({ baseUrl: BASE_URL, token, fetch: fetchThrough(app) });
}
