import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface PrivateFile {
  stream: Readable;
  fileName: string;
  contentType: string;
  /** Bytes, when known: the browser can then show the download's progress. */
  size?: number;
}

/**
 * Streams a file that belongs to one person (a source archive, a chat attachment) as a download:
 * never cached, never sniffed into something the browser would run. The route's JSON response
 * schemas describe only its errors; a stream is sent as it is.
 */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile): FastifyReply {
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/"/g, '')}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.stream);
}
