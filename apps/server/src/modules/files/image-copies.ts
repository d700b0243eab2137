import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { ImageCopyWidth } from '@market/contracts';

/** The copies made lately, by image and width, up to this many bytes: a product page's images stay in. */
const KEPT_BYTES = 64 * 1024 * 1024;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Narrower WebP copies of stored product images, made on first demand and kept in memory. A key names
 * one immutable image forever, so a copy never goes stale, and browsers and CDNs keep it for a year;
 * only the widths of IMAGE_COPY_WIDTHS exist, so the copies of one image are bounded.
 */
export class ImageCopies {
  private readonly kept = new LRUCache<string, Buffer>({ maxSize: KEPT_BYTES, sizeCalculation: (bytes) => bytes.length });
  private readonly making = new Map<string, Promise<Buffer>>();

  async copy(key: string, width: ImageCopyWidth, original: () => Promise<Readable>): Promise<Buffer> {
    const id = `${key}@${width}`;
    const kept = this.kept.get(id);
    if (kept) return kept;
    let making = this.making.get(id);
    if (!making) {
      // Requests for the same copy while it is being made wait for that one.
      making = original()
        .then(bytesOf)
        .then((bytes) => sharp(bytes, { animated: false }).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer())
        .then((bytes) => {
          this.kept.set(id, bytes);
          return bytes;
        })
        .finally(() => this.making.delete(id));
      this.making.set(id, making);
    }
    return making;
  }
}
