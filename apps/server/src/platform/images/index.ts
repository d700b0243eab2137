export { detectImageKind, ZIP_SIGNATURE, type ImageKind } from './detect.js';
export { encodeWebp, ImageRejectedError, type ImageVariant } from './encode.js';
