import { STORED_IMAGE_WIDTHS, type StoredImageKind } from '@market/contracts';
import sharp from 'sharp';
import { detectImageKind } from './detect.js';

/** Cards use the thumbnail, the detail page the feature image and screenshots; srcset names the same widths. */
export type ImageVariant = StoredImageKind;

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
      .resize({ width: STORED_IMAGE_WIDTHS[variant], withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new ImageRejectedError('not a readable image');
  }
}
