import { Readable } from 'node:stream';
import { HttpError } from '../../platform/errors.js';
import { ZIP_SIGNATURE } from '../../platform/images/index.js';

export const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;

export const sourceTooLarge = (maxBytes: number) => new HttpError(413, `Source code is larger than ${megabytes(maxBytes)}`);
export const notAZip = () => new HttpError(400, 'Source code must be a .zip archive');

/**
 * Passes an upload through while checking it: a ZIP by its first bytes (whatever its name says)
 * and no larger than the limit. The check happens while streaming, so nothing big is buffered.
 */
export function checkedZipStream(source: AsyncIterable<Buffer>, maxBytes: number): Readable {
  async function* checked() {
    let size = 0;
    let head = Buffer.alloc(0);
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw sourceTooLarge(maxBytes);
      if (head.length < ZIP_SIGNATURE.length) {
        head = Buffer.concat([head, chunk]).subarray(0, ZIP_SIGNATURE.length);
        if (head.length === ZIP_SIGNATURE.length && !head.equals(ZIP_SIGNATURE)) throw notAZip();
      }
      yield chunk;
    }
    if (head.length < ZIP_SIGNATURE.length) throw notAZip();
  }
  return Readable.from(checked());
}
