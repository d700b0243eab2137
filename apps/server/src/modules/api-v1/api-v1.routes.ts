import {
  API_PATHS,
  apiV1ErrorSchema,
  apiV1LicenceParamsSchema,
  apiV1LicenceSchema,
  apiV1ProductPageSchema,
  apiV1ProductSchema,
  apiV1ProductUpdateSchema,
  apiV1ReleaseListSchema,
  apiV1ReleaseSchema,
  apiV1ReplyBodySchema,
  apiV1ReviewPageSchema,
  apiV1ReviewSchema,
  apiV1SaleDetailSchema,
  apiV1UpdatedProductSchema,
  apiV1RevokeBodySchema,
  apiV1SalePageSchema,
  apiV1StatementQuerySchema,
  cursorQuerySchema,
  idParamsSchema,
  statementSchema,
  verificationSchema,
  verifyQuerySchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { holderOf, type LicencesService, perToken, tokenAuthentication } from '../licences/index.js';
import type { ProductsService } from '../products/index.js';
import type { ArchivesService } from '../archives/index.js';
import type { ReleasesService } from '../releases/index.js';
import type { ReviewsService } from '../reviews/index.js';
import type { WithdrawalsService } from '../withdrawals/index.js';

export interface ApiV1RoutesOptions {
  licences: LicencesService;
  products: ProductsService;
  withdrawals: WithdrawalsService;
  /** Products' and releases' writes: publishing a release, and its analysis. */
  releases: ReleasesService;
  archives: ArchivesService;
  /** The reviews of the seller's products and the seller's reply. */
  reviews: ReviewsService;
  rateLimitPerMinute: number;
}

/** Every v1 call may answer these, in v1's error body. */
const errors = {
  400: apiV1ErrorSchema,
  401: apiV1ErrorSchema,
  403: apiV1ErrorSchema,
  404: apiV1ErrorSchema,
  429: apiV1ErrorSchema,
};
const security = [{ sellerToken: [] }];
const tags = ['api v1'];

const description = (scope: string, more = '') =>
  `Needs a token with the scope \`${scope}\` (403 \`missing_scope\` without). ${more}`.trim();

/** The draft standard's names (RateLimit-Limit …), which the app's other limits do not use yet. */
const STANDARD_HEADERS = {
  rateLimit: 'ratelimit-limit',
  rateRemaining: 'ratelimit-remaining',
  rateReset: 'ratelimit-reset',
  retryAfter: 'retry-after',
};

/**
 * The public API v1 for sellers' programs (docs/decisions/0014): Bearer tokens with scopes (no
 * cookie is read), one rate limit per token across every call, `{ error: { code, message } }`
 * failures, cursor-paged lists. HTTP only: each handler is one call of the owning module's service.
 */
export const apiV1Routes: FastifyPluginAsyncZod<ApiV1RoutesOptions> = async (
  app,
  { licences, products, withdrawals, releases, archives, reviews, rateLimitPerMinute },
) => {
  const requireToken = tokenAuthentication(licences);
  // One limiter for the whole plugin, so every v1 call of a token draws on the same count.
  const limit = app.rateLimit({
    max: rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: perToken('v1:'),
    labels: STANDARD_HEADERS,
    addHeaders: Object.fromEntries(Object.values(STANDARD_HEADERS).map((name) => [name, true])),
    addHeadersOnExceeding: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true },
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `This token made more than ${rateLimitPerMinute} calls this minute. Please wait ${context.after} and try again.`,
    }),
  } as Parameters<typeof app.rateLimit>[0]);
  app.addHook('onRequest', limit);

  app.get(
    API_PATHS.v1.licenceVerify,
    {
      preHandler: requireToken('licences:read'),
      schema: {
        tags,
        security,
        summary: 'Check a purchase code of one of your products',
        description: description('licences:read', "Another seller's product's code answers like an unknown one (404)."),
        querystring: verifyQuerySchema,
        response: { 200: verificationSchema, ...errors },
      },
    },
    async (request) => licences.verify(holderOf(request), request.query.code),
  );

  app.get(
    API_PATHS.v1.licence,
    {
      preHandler: requireToken('licences:read'),
      schema: {
        tags,
        security,
        summary: 'One licence of one of your products, with its status and registered apps',
        description: description('licences:read', "Another seller's product's licence answers 404."),
        params: apiV1LicenceParamsSchema,
        response: { 200: apiV1LicenceSchema, ...errors },
      },
    },
    async (request) => licences.ofTokenOwner(holderOf(request), request.params.code),
  );

  app.post(
    API_PATHS.v1.licenceRevoke,
    {
      preHandler: requireToken('licences:write'),
      schema: {
        tags,
        security,
        summary: 'Revoke a licence of one of your products, with a reason',
        description: description(
          'licences:write',
          'A revoked licence no longer downloads, registers apps or verifies as valid; revoking it again answers 409 `conflict`.',
        ),
        params: apiV1LicenceParamsSchema,
        body: apiV1RevokeBodySchema,
        response: { 200: apiV1LicenceSchema, ...errors, 409: apiV1ErrorSchema },
      },
    },
    async (request) => licences.revokeByTokenOwner(holderOf(request), request.params.code, request.body.reason),
  );

  app.get(
    API_PATHS.v1.products,
    {
      preHandler: requireToken('products:read'),
      schema: {
        tags,
        security,
        summary: 'Your products, newest first, cursor-paged',
        description: description('products:read', 'Give `nextCursor` as `cursor` for the next page; it is null on the last.'),
        querystring: cursorQuerySchema,
        response: { 200: apiV1ProductPageSchema, ...errors },
      },
    },
    async (request) => products.ownedPage(holderOf(request).userId, request.query),
  );

  app.get(
    API_PATHS.v1.product,
    {
      preHandler: requireToken('products:read'),
      schema: {
        tags,
        security,
        summary: 'One of your products',
        description: description('products:read', "Another seller's product answers 404."),
        params: idParamsSchema,
        response: { 200: apiV1ProductSchema, ...errors },
      },
    },
    async (request) => products.owned(holderOf(request).userId, request.params.id),
  );

  app.get(
    API_PATHS.v1.sales,
    {
      preHandler: requireToken('sales:read'),
      schema: {
        tags,
        security,
        summary: 'The sold lines of your products, newest first, cursor-paged',
        description: description('sales:read', 'Give `nextCursor` as `cursor` for the next page; it is null on the last.'),
        querystring: cursorQuerySchema,
        response: { 200: apiV1SalePageSchema, ...errors },
      },
    },
    async (request) => withdrawals.salesPage(holderOf(request).userId, request.query),
  );

  app.get(
    API_PATHS.v1.sale,
    {
      preHandler: requireToken('sales:read'),
      schema: {
        tags,
        security,
        summary: 'One sale (an `orderId` of the sales list) with your lines of it, their discounts and refunds (cents)',
        description: description(
          'sales:read',
          'Amounts are as recorded at the sale and the refund. Only your lines of the order are shown; ' +
            'a sale with none of your lines answers 404, as an unknown one.',
        ),
        params: idParamsSchema,
        response: { 200: apiV1SaleDetailSchema, ...errors },
      },
    },
    async (request) => withdrawals.saleOf(holderOf(request).userId, request.params.id),
  );

  app.get(
    API_PATHS.v1.statement,
    {
      preHandler: requireToken('statement:read'),
      schema: {
        tags,
        security,
        summary: 'Your account entry by entry, newest first, with the balance after each (cents)',
        description: description('statement:read'),
        querystring: apiV1StatementQuerySchema,
        response: { 200: statementSchema, ...errors },
      },
    },
    async (request) => withdrawals.statementOf(holderOf(request).userId, request.query),
  );

  // ---- Reviews (docs/decisions/0014) ----

  app.get(
    API_PATHS.v1.reviews,
    {
      preHandler: requireToken('products:read'),
      schema: {
        tags,
        security,
        summary: "Your products' reviews with your replies, newest first, cursor-paged",
        description: description(
          'products:read',
          'Reviews are read with the products they are about, so there is no reviews scope for reading. ' +
            'Reviews hidden by an admin are not listed. Give `nextCursor` as `cursor` for the next page; it is null on the last.',
        ),
        querystring: cursorQuerySchema,
        response: { 200: apiV1ReviewPageSchema, ...errors },
      },
    },
    async (request) => reviews.ofTokenOwner(holderOf(request).userId, request.query),
  );

  app.post(
    API_PATHS.v1.reviewReply,
    {
      preHandler: requireToken('reviews:write'),
      schema: {
        tags,
        security,
        summary: "Answer a review of your product (or correct your answer); it shows on the product's page",
        description: description(
          'reviews:write',
          "The site's reply: the reviewer is told of the first one. A review of another seller's product, or one hidden by an admin, answers 404.",
        ),
        params: idParamsSchema,
        body: apiV1ReplyBodySchema,
        response: { 200: apiV1ReviewSchema, ...errors },
      },
    },
    async (request) => reviews.replyByTokenOwner(holderOf(request).userId, request.params.id, request.body.text),
  );

  // ---- Products' and releases' writes (docs/decisions/0014) ----

  app.patch(
    API_PATHS.v1.product,
    {
      preHandler: requireToken('products:write'),
      schema: {
        tags,
        security,
        summary: "Change your product's texts and prices, reviewed like an edit on the site",
        description: description(
          'products:write',
          'Only the fields sent change (an unknown one answers 400). An approved product keeps its listing until an admin approves ' +
            'the change (`pendingChangeAt`); any other product takes the change and goes back to `Pending`. ' +
            "Prices cannot change while a sale runs on the product (409). Another seller's product answers 404.",
        ),
        params: idParamsSchema,
        body: apiV1ProductUpdateSchema,
        response: { 200: apiV1UpdatedProductSchema, ...errors, 409: apiV1ErrorSchema },
      },
    },
    async (request) => products.updateByTokenOwner(holderOf(request).userId, request.params.id, request.body),
  );

  app.post(
    API_PATHS.v1.productReleases,
    {
      preHandler: requireToken('releases:write'),
      schema: {
        tags,
        security,
        summary: 'Publish a new version of your product: its ZIP archive and changelog (multipart)',
        description: description(
          'releases:write',
          'The version must be greater than the latest approved one. The release waits for an admin (`Pending`) and its archive is ' +
            'analysed in the background (`analysis.status` is `analysing` until then): follow both with GET. ' +
            "A version that exists answers 409, an archive past the size or storage quota 413. Another seller's product answers 404.",
        ),
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: apiV1ReleaseSchema, ...errors, 409: apiV1ErrorSchema, 413: apiV1ErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await releases.publishByTokenOwner(holderOf(request).userId, request.params.id, request.isMultipart() ? request.parts() : null),
        ),
  );

  app.get(
    API_PATHS.v1.productReleases,
    {
      preHandler: requireToken('releases:write'),
      schema: {
        tags,
        security,
        summary: "Your product's releases, newest version first, with their review and analysis",
        description: description(
          'releases:write',
          'The scope that publishes a release also follows it, so a build pipeline needs no second scope. ' +
            "Every release is listed, whatever its status (not paged: a product has few). Another seller's product answers 404.",
        ),
        params: idParamsSchema,
        response: { 200: apiV1ReleaseListSchema, ...errors },
      },
    },
    async (request) => archives.releasesOfTokenOwner(holderOf(request).userId, request.params.id),
  );
};
