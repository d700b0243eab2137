import { API_PATHS, errorBodySchema, IMAGE_COPY_WIDTHS, type ImageCopyWidth } from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.js';
import { type FileStorage, STORAGE_KEY_PATTERN } from '../../platform/storage/index.js';
import { ImageCopies } from './image-copies.js';

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

const widthSchema = z.enum(IMAGE_COPY_WIDTHS.map(String) as [string, ...string[]], {
  error: `w must be one of ${IMAGE_COPY_WIDTHS.join(', ')}`,
});

/**
 * Public images by storage key, and narrower WebP copies of them (`?w=`, for srcset). A key names one
 * immutable file forever, so caches may keep either for a year.
 */
export const fileRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  const copies = new ImageCopies();

  app.get(
    API_PATHS.files.image,
    {
      schema: {
        tags: ['files'],
        summary: 'A product image (WebP), cacheable for a year',
        params: z.strictObject({ key: z.string().regex(STORAGE_KEY_PATTERN, 'Invalid image key') }),
        querystring: z.strictObject({ w: widthSchema.optional() }),
        produces: ['image/webp'],
        response: { 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const contentType = CONTENT_TYPES[key.split('.').pop() ?? ''];
      if (!contentType) throw notFound('Image not found');
      const width = request.query.w;
      const body = width
        ? await copies.copy(key, Number(width) as ImageCopyWidth, () => storage.get('images', key))
        : await storage.get('images', key);
      return (
        reply
          .type(width ? 'image/webp' : contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // A stream is sent as is; the JSON response schemas above describe only the errors.
          .send(body as never)
      );
    },
  );
};
