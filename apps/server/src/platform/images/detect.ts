export type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/**
 * The image kind from its first bytes; the file name and the declared content type are ignored,
 * so a script renamed .png or an SVG (which can carry script) is refused.
 */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** A ZIP archive with at least one entry starts with a local file header, PK\x03\x04. */
export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
