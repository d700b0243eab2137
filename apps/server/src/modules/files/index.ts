import { API_PATHS, errorBodySchema } from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.js';
import { type FileStorage, STORAGE_KEY_PATTERN } from '../../platform/storage/index.js';

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/** Public images by storage key. A key names one immutable file forever, so caches may keep it for a year. */
export const fileRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get(
    API_PATHS.files.image,
    {
      schema: {
        tags: ['files'],
        summary: 'A product image (WebP), cacheable for a year',
        params: z.strictObject({ key: z.string().regex(STORAGE_KEY_PATTERN, 'Invalid image key') }),
        produces: ['image/webp'],
        response: { 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const contentType = CONTENT_TYPES[key.split('.').pop() ?? ''];
      if (!contentType) throw notFound('Image not found');
      const stream = await storage.get('images', key);
      return (
        reply
          .type(contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // A stream is sent as is; the JSON response schemas above describe only the errors.
          .send(stream as never)
      );
    },
  );
};
