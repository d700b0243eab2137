import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** The marketplace's public API (docs/decisions/0014), its paths and payloads typed from the OpenAPI document. */
export type MarketplaceClient = Client<paths>;

export interface MarketplaceClientOptions {
  /** Where the marketplace runs, e.g. `https://market.example`; paths start at `/api/v1/`. */
  baseUrl: string;
  /** A seller API token (`smk_…`) from /userPanel/api-tokens, with the scopes of the calls you make. */
  token: string;
  /** Another fetch (a proxy's, a test's); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Every failure under /api/v1/ answers this body: `code` for programs, `message` for people. */
export type ApiV1Error = components['schemas']['ApiV1Error'];

/**
 * A client that sends the token as `Authorization: Bearer …` on every call (API v1 reads no cookie).
 *
 *     const market = createMarketplaceClient({ baseUrl: 'https://market.example', token });
 *     const { data, error } = await market.GET('/api/v1/products', { params: { query: { limit: 20 } } });
 */
export function createMarketplaceClient({ baseUrl, token, fetch }: MarketplaceClientOptions): MarketplaceClient {
  return createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${token}` },
    ...(fetch ? { fetch } : {}),
  });
}
