import { constants } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  BROTLI_QUALITY,
  COMPRESSION_THRESHOLD_BYTES,
  CONTENT_ENCODINGS,
  type ContentEncoding,
  type EncodedBody,
} from '../platform/encoded-body.js';

/**
 * Text answers only. Never the chat's event stream (each event must leave at once, not wait in a
 * compressor's buffer), nor files: archives and images are compressed already.
 */
const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

const encodingNegotiator = new Negotiator<ContentEncoding>({ supportedValues: [...CONTENT_ENCODINGS] });

/** The best encoding the client accepts, or null for the bytes as they are. */
export function negotiateEncoding(request: FastifyRequest): ContentEncoding | null {
  const accepted = request.headers['accept-encoding'];
  return accepted ? encodingNegotiator.negotiate(accepted) : null;
}

/** Sends kept bytes in the encoding the client prefers; the compression plugin leaves an encoded body alone. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, contentType: string): FastifyReply {
  const encoding = body.worthEncoding ? negotiateEncoding(request) : null;
  reply.type(contentType);
  if (body.worthEncoding) reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body.as(encoding));
}

/** Compresses every other text answer worth it, as the client accepts (br, then gzip). */
export const compression = fp(async function compression(app: FastifyInstance) {
  // Only a body arrives compressed, and Fastify reads none for GET or HEAD: their routes go without the
  // request-decompression hook, a cost on every read otherwise (docs/decisions/0021). Runs before the
  // plugin's own onRoute, which reads the option.
  app.addHook('onRoute', (route) => {
    if (route.decompress === undefined && [route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) {
      route.decompress = false;
    }
  });
  await app.register(fastifyCompress, {
    encodings: [...CONTENT_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
});
