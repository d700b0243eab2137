import sharp from 'sharp';
import { detectImageKind } from './detect.js';

/** Widths the pages display: cards use the thumbnail, the detail page the feature image and screenshots. */
export const IMAGE_WIDTHS = { thumbnail: 480, featureImg: 1280, screenshot: 1280 } as const;
export type ImageVariant = keyof typeof IMAGE_WIDTHS;

/** Decompression bombs: a tiny file that claims gigapixels is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
}

/**
 * Re-encodes an uploaded image as WebP at the displayed width. Re-encoding drops whatever the
 * original carried besides pixels (EXIF, GPS, ICC, trailing payloads); sharp writes no metadata
 * unless asked to.
 */
export async function encodeWebp(input: Buffer, variant: ImageVariant): Promise<Buffer> {
  if (!detectImageKind(input)) throw new ImageRejectedError('not a PNG, JPEG, WebP or GIF image');
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: IMAGE_WIDTHS[variant], withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new ImageRejectedError('not a readable image');
  }
}
