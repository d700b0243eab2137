import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './addresses.js';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** More of an answer is never read: a receiver cannot make us hold a large body. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
export const EXCERPT_CHARS = 500;

export interface PostOutcome {
  /** Null when no answer came (refused, timed out, reset). */
  statusCode: number | null;
  latencyMs: number;
  excerpt: string;
}

/**
 * POSTs the body to `url`, connecting only to `address`: the name was checked once, so a DNS answer
 * that changes between the check and the connection (rebinding) cannot send us elsewhere. TLS still
 * checks the certificate against the URL's host name. Redirects are answers, never followed.
 */
export function postTo(url: URL, address: ResolvedAddress, headers: Record<string, string>, body: string): Promise<PostOutcome> {
  const started = performance.now();
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, excerpt: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, latencyMs: Math.round(performance.now() - started), excerpt: excerpt.slice(0, EXCERPT_CHARS) });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        const done = () => finish(response.statusCode ?? null, Buffer.concat(chunks).toString('utf8'));
        response.on('data', (chunk: Buffer) => {
          if (length >= MAX_RESPONSE_BYTES) return;
          chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - length));
          length += chunk.length;
          if (length >= MAX_RESPONSE_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`));
    }, DELIVERY_TIMEOUT_MS);
    request.on('error', (error) => finish(null, error.message));
    request.end(body);
  });
}
