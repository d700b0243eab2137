import { MAX_IMAGE_BYTES, MAX_SCREENSHOTS } from '@market/contracts';
import { badRequest, HttpError } from '../../platform/errors.js';
import { detectImageKind } from '../../platform/images/index.js';
import type { StoredFile } from '../../platform/storage/index.js';
import type { ProductUpload } from './products.service.js';
import { megabytes, sourceTooLarge } from './source-archive.js';

const IMAGE_FIELDS = { featureImg: 'Feature image', thumbnail: 'Thumbnail', screenshots: 'Screenshot' } as const;
type ImageField = keyof typeof IMAGE_FIELDS;
const isImageField = (name: string): name is ImageField => Object.hasOwn(IMAGE_FIELDS, name);

const isFileTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** An image is small: it is read into memory (within MAX_IMAGE_BYTES) and checked by its first bytes. */
async function readImage(stream: AsyncIterable<Buffer>, label: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = () => new HttpError(413, `${label} is larger than ${megabytes(MAX_IMAGE_BYTES)}`);
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    throw isFileTooLarge(error) ? tooLarge() : error;
  }
  const bytes = Buffer.concat(chunks);
  if (size === 0) throw badRequest(`${label} is empty`);
  if (!detectImageKind(bytes)) throw badRequest(`${label} must be a PNG, JPEG, WebP or GIF image`);
  return bytes;
}

/** One part of a multipart body, as @fastify/multipart's request.parts() yields it. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated: boolean }
  | { type: 'file'; fieldname: string; file: AsyncIterable<Buffer> & { resume(): unknown } };

export interface SourceStaging {
  stageSourceCode(stream: AsyncIterable<Buffer>): Promise<StoredFile>;
  discardSourceCode(file: StoredFile | undefined): Promise<void>;
  readonly sourceMaxBytes: number;
}

/** An edit never carries an archive: a new archive is a new release, so a buyer's bytes never change. */
export const SOURCE_CODE_IN_EDIT_MESSAGE =
  'An edit cannot replace the source code: publish a new version with POST /api/product/{id}/releases (New version in Manage Products)';

/**
 * Reads the multipart body of an upload or an edit part by part: text fields are collected,
 * images buffered, the source archive streamed straight into private storage (or, for an edit,
 * refused before a byte is stored). File names and declared content types are ignored. On any
 * failure the staged archive is removed again.
 */
export async function readProductUpload(
  parts: AsyncIterable<UploadPart> | null,
  staging: SourceStaging,
  { sourceCode = 'accepted', images = 'accepted' }: { sourceCode?: 'accepted' | 'refused'; images?: 'accepted' | 'refused' } = {},
): Promise<ProductUpload> {
  // No prototype: a field named __proto__ stays a field, and the strict form schema refuses it by name.
  const upload: ProductUpload = { fields: Object.create(null) as Record<string, string>, images: { screenshots: [] } };
  try {
    if (!parts) throw badRequest('Send the product as multipart/form-data');
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new HttpError(413, `The field ${part.fieldname} is too long`);
        upload.fields[part.fieldname] = String(part.value);
        continue;
      }
      const name = part.fieldname;
      if (name === 'sourceCode') {
        if (sourceCode === 'refused') {
          part.file.resume();
          throw badRequest(SOURCE_CODE_IN_EDIT_MESSAGE);
        }
        if (upload.sourceCode) throw badRequest('Send one source code archive');
        try {
          upload.sourceCode = await staging.stageSourceCode(part.file);
        } catch (error) {
          throw isFileTooLarge(error) ? sourceTooLarge(staging.sourceMaxBytes) : error;
        }
      } else if (isImageField(name) && images === 'accepted') {
        const bytes = await readImage(part.file, IMAGE_FIELDS[name]);
        if (name === 'screenshots') {
          if (upload.images.screenshots.length >= MAX_SCREENSHOTS) throw badRequest(`Send at most ${MAX_SCREENSHOTS} screenshots`);
          upload.images.screenshots.push(bytes);
        } else {
          if (upload.images[name]) throw badRequest(`Send one ${IMAGE_FIELDS[name].toLowerCase()}`);
          upload.images[name] = bytes;
        }
      } else {
        part.file.resume();
        throw badRequest(`Unexpected file field: ${name}`);
      }
    }
  } catch (error) {
    await staging.discardSourceCode(upload.sourceCode);
    if (isFileTooLarge(error)) throw new HttpError(413, 'A file is too large');
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_FILES_LIMIT') throw badRequest(`Send at most ${MAX_SCREENSHOTS} screenshots`);
    throw error;
  }
  return upload;
}
