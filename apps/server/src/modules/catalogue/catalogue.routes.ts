import {
  alsoBoughtSchema,
  API_PATHS,
  errorBodySchema,
  idParamsSchema,
  listingSchema,
  popularQuerySchema,
  productDetailSchema,
  productListQuerySchema,
  productSummaryListSchema,
  searchQuerySchema,
  searchResultsQuerySchema,
  searchResultsSchema,
  slugParamsSchema,
  subCategoryCountsSchema,
} from '@market/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendEncoded } from '../../http/compression.js';
import { EncodedBody } from '../../platform/encoded-body.js';
import type { CatalogueAnswer, CatalogueAnswering, CatalogueService } from './catalogue.service.js';

export interface CatalogueRoutesOptions {
  catalogue: CatalogueService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A kept answer is already the JSON text of the same typed value, so it goes out as it is (or in its
 * kept compressed form), at once when it is kept here; a fresh one goes through the route's response
 * schema. Either is compressed here, so the routes go without the compression plugin's hooks.
 */
function send<T>(request: FastifyRequest, reply: FastifyReply, answer: CatalogueAnswering<T>) {
  if (answer instanceof Promise) return sendOnceRead(request, reply, answer);
  sendNow(request, reply, answer);
  return undefined;
}

/** Fastify waits on the reply returned: it is a thenable, settled once the answer is sent. */
async function sendOnceRead<T>(request: FastifyRequest, reply: FastifyReply, answer: Promise<CatalogueAnswer<T>>) {
  return sendNow(request, reply, await answer);
}

function sendNow<T>(request: FastifyRequest, reply: FastifyReply, answer: CatalogueAnswer<T>): FastifyReply {
  const body = 'kept' in answer ? answer.kept : new EncodedBody(Buffer.from(reply.serialize(answer.value) as string));
  return sendEncoded(request, reply, body, JSON_TYPE);
}

/** The catalogue's public reads: lists, bestsellers, listings, portfolios, sub categories, search, product pages. */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, { catalogue }) => {
  const tags = ['products'];

  app.get(
    API_PATHS.product.list,
    {
      config: { studio: 'read' },
      compress: false,
      schema: {
        tags,
        summary:
          'Products: Approved for everybody, an admin also Pending and Rejected, a user also their own; newest first; onSale=true: only those with a sale running now',
        querystring: productListQuerySchema,
        response: { 200: productSummaryListSchema, 400: errorBodySchema },
      },
    },
    (request, reply) => send(request, reply, catalogue.listAnswer(request.user, request.query)),
  );

  app.get(
    API_PATHS.product.popular,
    {
      config: { studio: 'self' },
      compress: false,
      schema: {
        tags,
        summary: 'Approved products by units sold in the period (month: last 30 days, year: last 365), then downloads, then newest',
        querystring: popularQuerySchema,
        response: { 200: productSummaryListSchema, 400: errorBodySchema },
      },
    },
    (request, reply) => send(request, reply, catalogue.popularAnswer(request.query.period, request.query.limit)),
  );

  app.get(
    API_PATHS.product.listing,
    {
      config: { studio: 'self' },
      compress: false,
      schema: {
        tags,
        summary:
          'A listing page: popular-of-month/year/all-time, trending-games (most viewed in 7 days), on-sale (products with a sale running now, the soonest ending first; empty when none), newly-uploading-games; any other slug lists all, newest first',
        params: slugParamsSchema,
        response: { 200: listingSchema, 400: errorBodySchema },
      },
    },
    (request, reply) => send(request, reply, catalogue.listingAnswer(request.params.slug)),
  );

  app.get(
    API_PATHS.product.portfolio,
    {
      config: { studio: 'self' },
      compress: false,
      schema: {
        tags,
        summary: 'Approved products whose author studio name is the slug with hyphens as spaces (any letter case)',
        params: slugParamsSchema,
        response: { 200: productSummaryListSchema, 400: errorBodySchema },
      },
    },
    (request, reply) => send(request, reply, catalogue.portfolioAnswer(request.params.slug)),
  );

  app.get(
    API_PATHS.product.subCategories,
    {
      config: { studio: 'self' },
      compress: false,
      schema: {
        tags,
        summary: 'Every sub category with its number of approved products (browse tabs)',
        response: { 200: subCategoryCountsSchema },
      },
    },
    (request, reply) => send(request, reply, catalogue.subCategoryCountsAnswer()),
  );

  app.get(
    API_PATHS.product.search,
    {
      config: { studio: 'self' },
      compress: false,
      schema: {
        tags,
        summary:
          'Suggestions: approved products matching every word typed (titles in any language, keywords, category, genre, framework, engine, studio, description; exact, prefix or typo-tolerant), best first; at most 6',
        querystring: searchQuerySchema,
        response: { 200: productSummaryListSchema, 400: errorBodySchema },
      },
    },
    (request, reply) => send(request, reply, catalogue.searchAnswer(request.query.q, request.query.limit)),
  );

  app.get(
    API_PATHS.product.searchResults,
    {
      config: { studio: 'self' },
      compress: false,
      schema: {
        tags,
        summary:
          'Search results and browse page: approved products matching every word typed (exact, prefix or within one edit from 5 letters, two from 9) and the filters, ranked as docs/decisions/0019 says; each facet counted over the other filters',
        querystring: searchResultsQuerySchema,
        response: { 200: searchResultsSchema, 400: errorBodySchema },
      },
    },
    (request, reply) => send(request, reply, catalogue.searchResultsAnswer(request.query)),
  );

  app.get(
    API_PATHS.product.bySlug,
    {
      config: { studio: 'self' },
      compress: false,
      schema: {
        tags,
        summary: 'Product by /downloads/{title} slug; a product not yet approved only for its owner and admins',
        params: slugParamsSchema,
        response: { 200: productDetailSchema, ...errors },
      },
    },
    (request, reply) => send(request, reply, catalogue.bySlugAnswer(request.user, request.params.slug)),
  );

  app.get(
    API_PATHS.product.alsoBought,
    {
      config: { studio: 'self' },
      compress: false,
      schema: {
        tags,
        summary:
          'Buyers also bought: approved products bought by the buyers of this product in the last 180 days (refunded lines left out), by how many bought both; at most 8, never the product itself',
        params: idParamsSchema,
        response: { 200: alsoBoughtSchema, 400: errorBodySchema },
      },
    },
    (request, reply) => send(request, reply, catalogue.alsoBoughtAnswer(request.params.id)),
  );

  app.get(
    API_PATHS.product.byId,
    {
      config: { studio: 'self' },
      compress: false,
      schema: {
        tags,
        summary: 'Product by id; a product not yet approved only for its owner and admins',
        params: idParamsSchema,
        response: { 200: productDetailSchema, ...errors },
      },
    },
    (request, reply) => send(request, reply, catalogue.byIdAnswer(request.user, request.params.id)),
  );
};
