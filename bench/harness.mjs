// Measuring helpers: autocannon against a URL, and a bare node:http server answering the very
// same bytes, so every figure can be read as a share of what this machine can do at all.
import { once } from 'node:events';
import http from 'node:http';
import autocannon from 'autocannon';

/** @param {{ url: string, connections?: number, duration?: number }} options */
export async function measure({ url, connections = 50, duration = 10 }) {
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, bytes: result.throughput.average };
}

/**
 * A bare node:http server that answers every request with `body` and `headers`.
 * @param {Buffer} body
 * @param {Record<string, string>} headers
 */
export async function startBareServer(body, headers) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { ...headers, 'content-length': body.length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Fetches a URL once and returns what a bare server needs to answer the same. */
export async function snapshot(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { body: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' } };
}
