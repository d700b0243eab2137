import {
  API_PATHS,
  errorBodySchema,
  idParamsSchema,
  idSchema,
  listingSchema,
  messageBodySchema,
  popularQuerySchema,
  productDetailSchema,
  productListQuerySchema,
  productSummaryListSchema,
  searchQuerySchema,
  slugParamsSchema,
  subCategoryCountsSchema,
} from '@market/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAdmin, requireUser } from '../auth/index.js';
import type { ProductsService } from './products.service.js';
import { readProductUpload } from './upload-form.js';
import type { IdempotencyService } from '../idempotency/index.js';
import { searchTokens } from './catalogue-text.js';

export interface ProductRoutesOptions {
  products: ProductsService;
  idempotency: IdempotencyService;
}

const updateDownloadsBodySchema = z.strictObject({ productIds: z.array(idSchema).max(100) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const productRoutes: FastifyPluginAsyncZod<ProductRoutesOptions> = async (app, { products, idempotency }) => {
  const tags = ['products'];

  /** Visitors all get the same answer, so theirs is kept serialised; signed-in answers depend on who asks. */
  const cachedForVisitors = async <T>(
    reply: FastifyReply,
    signedIn: boolean,
    key: string,
    compute: () => Promise<T>,
    cache = products.cache,
  ): Promise<T> => {
    if (signedIn) return compute();
    const body = await cache.getOrCompute(key, compute);
    // Already-serialised JSON goes out as it is; the answer was built from the same typed service call.
    await reply.type('application/json; charset=utf-8').send(body);
    return reply as never;
  };

  app.get(
    API_PATHS.product.list,
    {
      schema: {
        tags,
        summary: 'Products: Approved for everybody, an admin also Pending and Rejected, a user also their own; newest first',
        querystring: productListQuerySchema,
        response: { 200: productSummaryListSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      cachedForVisitors(reply, Boolean(request.user), `list:${JSON.stringify(request.query)}`, () =>
        products.list(request.user, request.query),
      ),
  );

  app.get(
    API_PATHS.product.popular,
    {
      schema: {
        tags,
        summary: 'Approved products by units sold in the period (month: last 30 days, year: last 365), then downloads, then newest',
        querystring: popularQuerySchema,
        response: { 200: productSummaryListSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      cachedForVisitors(reply, false, `popular:${request.query.period}:${request.query.limit}`, () =>
        products.popular(request.query.period, request.query.limit),
      ),
  );

  app.get(
    API_PATHS.product.listing,
    {
      schema: {
        tags,
        summary:
          'A listing page: popular-of-month/year/all-time, trending-games (most viewed in 7 days), newly-uploading-games; any other slug lists all, newest first',
        params: slugParamsSchema,
        response: { 200: listingSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      cachedForVisitors(reply, false, `listing:${request.params.slug}`, () => products.listing(request.params.slug)),
  );

  app.get(
    API_PATHS.product.portfolio,
    {
      schema: {
        tags,
        summary: 'Approved products whose author studio name is the slug with hyphens as spaces (any letter case)',
        params: slugParamsSchema,
        response: { 200: productSummaryListSchema, 400: errorBodySchema },
      },
    },
    async (request) => products.portfolio(request.params.slug),
  );

  app.get(
    API_PATHS.product.subCategories,
    {
      schema: {
        tags,
        summary: 'Every sub category with its number of approved products (browse tabs)',
        response: { 200: subCategoryCountsSchema },
      },
    },
    async () => products.subCategoryCounts(),
  );

  app.get(
    API_PATHS.product.search,
    {
      schema: {
        tags,
        summary: 'Approved products whose titles (any language), keywords or description match the words typed (prefixes); at most 6',
        querystring: searchQuerySchema,
        response: { 200: productSummaryListSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      cachedForVisitors(
        reply,
        false,
        `search:${searchTokens(request.query.q).join(' ')}:${request.query.limit}`,
        () => products.search(request.query.q, request.query.limit),
        products.searchCache,
      ),
  );

  app.get(
    API_PATHS.product.bySlug,
    {
      schema: {
        tags,
        summary: 'Product by /downloads/{title} slug; a product not yet approved only for its owner and admins',
        params: slugParamsSchema,
        response: { 200: productDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      cachedForVisitors(reply, Boolean(request.user), `slug:${request.params.slug.toLowerCase()}`, () =>
        products.getBySlug(request.user, request.params.slug),
      ),
  );

  app.get(
    API_PATHS.product.byId,
    {
      schema: {
        tags,
        summary: 'Product by id; a product not yet approved only for its owner and admins',
        params: idParamsSchema,
        response: { 200: productDetailSchema, ...errors },
      },
    },
    async (request) => products.getById(request.user, request.params.id),
  );

  app.get(
    API_PATHS.product.sourceCode,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The source archive (zip), streamed to the owner or an admin',
        params: idParamsSchema,
        produces: ['application/zip'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const file = await products.openSourceCode(actorOf(request), request.params.id);
      return (
        reply
          .type('application/zip')
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          // A stream is sent as is; the JSON response schemas above describe only the errors.
          .send(file.stream as never)
      );
    },
  );

  app.post(
    API_PATHS.product.upload,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Upload a product (multipart, fields of SPEC.md 7); Approved for an admin, Pending for a user, whatever the form says. ' +
          'With an Idempotency-Key header, a repeat gets the first answer (Idempotent-Replayed: true) and a twin sent meanwhile 409. ' +
          'A user past UPLOAD_QUOTA_MB of stored archives gets 413, past UPLOAD_RATE_LIMIT_PER_HOUR uploads 429; admins are exempt.',
        consumes: ['multipart/form-data'],
        response: { 201: productDetailSchema, ...errors, 409: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const uploadOnce = async () => {
        // Refused before a byte of the upload is stored.
        await products.assertMayUpload(actorOf(request));
        return { statusCode: 201, body: await products.upload(actorOf(request), await readProductUpload(request, products)) };
      };
      const key = idempotency.parseKey(request.headers['idempotency-key']);
      // Checked before a byte of the body is read: a repeat is answered without storing the files again.
      const answer = key
        ? await idempotency.once(actorOf(request)._id, 'product.upload', key, uploadOnce)
        : { ...(await uploadOnce()), replayed: false };
      return reply.status(answer.statusCode).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
    },
  );

  app.put(
    API_PATHS.product.edit,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Edit a product (multipart; fields left out stay as they are, files replace the old ones); owner or admin. A user's edit goes back to Pending",
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: productDetailSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => {
      // Refused before a byte of the upload is stored.
      await products.assertCanEdit(actorOf(request), request.params.id);
      const upload = await readProductUpload(request, products);
      return products.edit(actorOf(request), request.params.id, upload);
    },
  );

  app.put(
    API_PATHS.product.approve,
    {
      preHandler: requireAdmin,
      schema: { tags, summary: 'Approve a product (admin only)', params: idParamsSchema, response: { 200: messageBodySchema, ...errors } },
    },
    async (request) => {
      await products.approve(actorOf(request), request.params.id);
      return { message: 'Product approved' };
    },
  );

  app.put(
    API_PATHS.product.reject,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Reject a product (admin only); stored as Rejected',
        params: idParamsSchema,
        response: { 200: messageBodySchema, ...errors },
      },
    },
    async (request) => {
      await products.reject(actorOf(request), request.params.id);
      return { message: 'Product rejected' };
    },
  );

  app.delete(
    API_PATHS.product.remove,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Delete a product and its files (admin only); a product that has been sold cannot be deleted (409), nor one in a checkout opened in the last three days and not yet recorded (409)',
        params: idParamsSchema,
        response: { 200: messageBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      await products.remove(actorOf(request), request.params.id);
      return { message: 'Product deleted' };
    },
  );

  app.put(
    API_PATHS.product.updateDownloads,
    {
      schema: {
        tags,
        summary:
          'Accepted for SPEC.md clients and ignored: download counts must not be inflatable by any caller, so the server counts them itself when a purchase is recorded',
        body: updateDownloadsBodySchema,
        response: { 200: messageBodySchema, 400: errorBodySchema },
      },
    },
    async () => ({ message: 'Download counts are kept by the server' }),
  );
};
