export { detectImageKind, ZIP_SIGNATURE, type ImageKind } from './detect.js';
export { encodeWebp, IMAGE_WIDTHS, ImageRejectedError, type ImageVariant } from './encode.js';
