import { RESKIN_FILE_MAX_BYTES } from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../platform/errors.js';
import { detectImageKind, ZIP_SIGNATURE } from '../../platform/images/index.js';
import { refuseNulCharacter } from '../../http/request-text.js';

/** What a chat attachment may be, by its first bytes; the value is the stored file's extension. */
export type AttachmentKind = 'png' | 'jpg' | 'gif' | 'webp' | 'pdf' | 'zip';

export const ATTACHMENT_CONTENT_TYPES: Record<AttachmentKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

export interface Attachment {
  bytes: Buffer;
  kind: AttachmentKind;
  /** For display only: the sender's file name reduced to harmless characters; never a storage key. */
  displayName: string;
}

export interface ChatSendRequest {
  fields: Record<string, unknown>;
  file?: Attachment;
}

const PDF_SIGNATURE = Buffer.from('%PDF-');
const megabytes = RESKIN_FILE_MAX_BYTES / (1024 * 1024);
const tooLarge = () => new HttpError(413, `A file can be at most ${megabytes} MB`);
const isFileTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

export function detectAttachmentKind(bytes: Buffer): AttachmentKind | null {
  const image = detectImageKind(bytes);
  if (image) return image === 'jpeg' ? 'jpg' : image;
  if (bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) return 'pdf';
  if (bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) return 'zip';
  return null;
}

function displayNameOf(fileName: string | undefined, kind: AttachmentKind): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const safe = base
    .replace(/[^\w.\- ()]/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 100)
    .trim();
  return safe.length > 0 ? safe : `attachment.${kind}`;
}

async function readAttachment(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > RESKIN_FILE_MAX_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    throw isFileTooLarge(error) ? tooLarge() : error;
  }
  return Buffer.concat(chunks);
}

/**
 * The fields and the optional `fileUpload` of a chat message, sent as JSON (the product page) or
 * as multipart (the chat screens). An empty file part is a file input left empty, not a file.
 */
export async function readChatSendRequest(request: FastifyRequest): Promise<ChatSendRequest> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest('Send the message as JSON or multipart/form-data');
    return { fields: body as Record<string, unknown> };
  }
  // No prototype: a field named __proto__ stays a field, and the strict schema refuses it by name.
  const result: ChatSendRequest = { fields: Object.create(null) as Record<string, unknown> };
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.valueTruncated) throw new HttpError(413, `The field ${part.fieldname} is too long`);
      refuseNulCharacter({ [part.fieldname]: String(part.value) });
      result.fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'fileUpload') {
      part.file.resume();
      throw badRequest(`Unexpected file field: ${part.fieldname}`);
    }
    if (result.file) throw badRequest('Attach one file per message');
    const bytes = await readAttachment(part.file);
    if (bytes.length === 0) continue;
    const kind = detectAttachmentKind(bytes);
    if (!kind) throw badRequest('Attach an image (PNG, JPEG, GIF or WebP), a PDF or a ZIP file');
    result.file = { bytes, kind, displayName: displayNameOf(part.filename, kind) };
  }
  return result;
}
