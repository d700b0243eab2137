import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { ImageCopyWidth } from '@market/contracts';
import { DroppableLru } from '../../platform/droppable-lru.js';

/** The copies made lately, by image and width, up to this many bytes: a product page's images stay in. */
const KEPT_BYTES = 64 * 1024 * 1024;

interface CopyOrder {
  width: ImageCopyWidth;
  original: () => Promise<Readable>;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function narrowed({ width, original }: CopyOrder): Promise<Buffer> {
  const bytes = await bytesOf(await original());
  return sharp(bytes, { animated: false }).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}

/**
 * Narrower WebP copies of stored product images, made on first demand and kept in memory. A key names
 * one immutable image forever, so a copy never goes stale, and browsers and CDNs keep it for a year;
 * only the widths of IMAGE_COPY_WIDTHS exist, so the copies of one image are bounded.
 */
export class ImageCopies {
  // Requests for a copy while it is being made wait for that one; a failure is not kept.
  private readonly kept = new DroppableLru<Buffer>({ maxSize: KEPT_BYTES, sizeOf: (bytes) => bytes.length });

  copy(key: string, width: ImageCopyWidth, original: () => Promise<Readable>): Promise<Buffer> {
    return this.kept.getOrCompute(`${key}@${width}`, () => narrowed({ width, original }));
  }
}
