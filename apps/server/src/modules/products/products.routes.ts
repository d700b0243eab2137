import { API_PATHS, errorBodySchema, idParamsSchema, idSchema, messageBodySchema, productDetailSchema } from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireAdmin, requireStepUp, requireUser } from '../auth/index.js';
import type { ProductsService } from './products.service.js';
import type { IdempotencyService } from '../idempotency/index.js';

export interface ProductRoutesOptions {
  products: ProductsService;
  idempotency: IdempotencyService;
}

const updateDownloadsBodySchema = z.strictObject({ productIds: z.array(idSchema).max(100) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const productRoutes: FastifyPluginAsyncZod<ProductRoutesOptions> = async (app, { products, idempotency }) => {
  const tags = ['products'];

  app.post(
    API_PATHS.product.upload,
    {
      config: { studio: 'products' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Upload a product (multipart, fields of docs/product-spec.md §7); Approved for an admin, Pending for a user, whatever the form says. ' +
          'With an Idempotency-Key header, a repeat gets the first answer (Idempotent-Replayed: true) and a twin sent meanwhile 409. ' +
          'A user past UPLOAD_QUOTA_MB of stored archives gets 413, past UPLOAD_RATE_LIMIT_PER_HOUR uploads 429; admins are exempt.',
        consumes: ['multipart/form-data'],
        response: { 201: productDetailSchema, ...errors, 409: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const uploadOnce = async () => {
        const parts = request.isMultipart() ? request.parts() : null;
        return { statusCode: 201, body: await products.uploadFromForm(actorOf(request), parts) };
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
      config: { studio: 'products' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Edit a product (multipart; fields left out stay as they are, files replace the old ones); owner or admin. ' +
          "An admin's edit applies at once. A user's edit of an Approved product is kept as its one pending change " +
          '(the live listing and this answer stay as they were until an admin approves it); of any other product it applies and goes back to Pending',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: productDetailSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => {
      return products.editFromForm(actorOf(request), request.params.id, request.isMultipart() ? request.parts() : null);
    },
  );

  app.delete(
    API_PATHS.product.remove,
    {
      config: { studio: 'products' },
      // Irreversible: a fresh step-up too (docs/decisions/0016).
      preHandler: [requireAdmin, requireStepUp],
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
          'Accepted for clients written to docs/product-spec.md and ignored: download counts must not be inflatable by any caller, so the server counts them itself when a purchase is recorded',
        body: updateDownloadsBodySchema,
        response: { 200: messageBodySchema, 400: errorBodySchema },
      },
    },
    async () => ({ message: 'Download counts are kept by the server' }),
  );
};
