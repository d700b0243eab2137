// Measuring helpers: autocannon against a URL, and a bare node:http server answering the very
// same bytes, so every figure can be read as a share of what this machine can do at all.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import autocannon from 'autocannon';

/**
 * @typedef {{ requestsPerSecond: number, p50Ms: number, p99Ms: number, maxMs: number, requests: number, timeouts: number, bytesPerSecond: number }} Figures
 */

/**
 * Warms the target up (JIT, caches, connections), then measures it with autocannon.
 * Non-2xx answers or socket errors are errors of the run, not slowness: they throw. Timeouts
 * (no answer within 10 s) are slowness: they are counted, and a run in which not a single
 * answer came back reports its whole duration as p99.
 * `paths`, when given, are requested in turn instead of the URL's own path, so that no two
 * neighbouring requests ask the same thing (a cache then cannot answer them); the warm-up goes on
 * until each has been asked once.
 * `headers` go with every request (a session cookie); `headerSets`, when given, go in turn instead
 * (many buyers' cookies, each under a per-account rate limit). `method` and `body` make it a write.
 * @param {{ url: string, connections?: number, duration?: number, warmup?: number, paths?: string[], headers?: Record<string, string>, headerSets?: Record<string, string>[], method?: string, body?: string }} options
 * @returns {Promise<Figures>}
 */
export async function measure({ url, connections = 50, duration = 10, warmup = 2, paths, headers, headerSets, method, body }) {
  let next = 0;
  let nextHeaders = 0;
  const rotating = Boolean(paths?.length || headerSets?.length);
  const rotation = rotating
    ? {
        requests: [
          {
            setupRequest: (/** @type {{ path: string, headers?: Record<string, string> }} */ request) => ({
              ...request,
              ...(paths?.length ? { path: paths[next++ % paths.length] } : {}),
              ...(headerSets?.length ? { headers: { ...request.headers, ...headerSets[nextHeaders++ % headerSets.length] } } : {}),
            }),
          },
        ],
      }
    : {};
  const sent = { ...rotation, ...(headers ? { headers } : {}), ...(method ? { method } : {}), ...(body === undefined ? {} : { body }) };
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, pipelining: 1, ...sent });
  // Paths in turn are measured once each has been asked: a first ask (its products' cards read from
  // the database, its code compiled) is a cost of the start, which the first request's time shows,
  // and thousands of paths outlast a warm-up of seconds. Later asks still miss the answers' cache.
  const unasked = paths?.length ? paths.length - next : 0;
  if (warmup > 0 && unasked > 0) await autocannon({ url, connections, amount: unasked, pipelining: 1, ...sent });
  const result = await autocannon({ url, connections, duration, pipelining: 1, ...sent });
  const errors = result.errors - result.timeouts;
  if (result.non2xx > 0 || errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${errors} errors`);
  const answered = result.requests.total > 0;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: answered ? result.latency.p50 : duration * 1000,
    p99Ms: answered ? result.latency.p99 : duration * 1000,
    maxMs: answered ? result.latency.max : duration * 1000,
    requests: result.requests.total,
    timeouts: result.timeouts,
    bytesPerSecond: result.throughput.average,
  };
}

/**
 * Sends exactly `amount` requests of `method` with `body` over `connections` connections (no
 * warm-up: every request counts, such as a withdrawal that spends money) and reports their latency
 * and how many answered each status code.
 * @param {{ url: string, method: string, body: string, headers: Record<string, string>, amount: number, connections: number }} options
 * @returns {Promise<{ requestsPerSecond: number, p50Ms: number, p99Ms: number, maxMs: number, statusCodes: Record<string, number>, errors: number, seconds: number }>}
 */
export async function sendRequests({ url, method, body, headers, amount, connections }) {
  const started = performance.now();
  const result = await autocannon({ url, method, body, headers, amount, connections, pipelining: 1 });
  const seconds = (performance.now() - started) / 1000;
  /** @type {Record<string, number>} */
  const statusCodes = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    requestsPerSecond: amount / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    statusCodes,
    errors: result.errors,
    seconds,
  };
}

/** Headers that belong to one connection or one moment, not to the answer. */
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * Fetches a URL once and returns what a bare server needs to answer the same: the body bytes and
 * every header the server sent except the per-connection ones (date, keep-alive, length…).
 * @param {string} url
 * @returns {Promise<{ body: Buffer, headers: Record<string, string> }>}
 */
export async function snapshot(url) {
  // As autocannon asks: no compression, so the bare server's headers and bytes are what the app sent it.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of response.headers) if (!PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
  return { body: Buffer.from(await response.arrayBuffer()), headers };
}

/**
 * A bare node:http server in this process that answers every request with `body` and `headers`.
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
  return {
    url: `http://127.0.0.1:${address.port}/`,
    /** @returns {Promise<void>} */
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Runs `modulePath` as a child process and waits for it to report `{ port }` over IPC, so the
 * server measured never shares an event loop (or a CPU) with autocannon.
 * @param {URL} modulePath
 * @param {{ env?: NodeJS.ProcessEnv, message?: unknown, stdout?: 'inherit' | 'ignore' }} [options] message: sent once the
 *   child is up; stdout: 'ignore' for a server writing an access line per request, still written (and paid for) but not shown
 * @returns {Promise<{ url: string, pid: number | undefined, close: () => Promise<void> }>}
 */
export async function startChild(modulePath, { env = process.env, message, stdout = 'inherit' } = {}) {
  const child = fork(modulePath, [], { env, serialization: 'advanced', stdio: ['ignore', stdout, 'inherit', 'ipc'] });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${modulePath.pathname} exited with code ${code} before it listened`);
  });
  if (message !== undefined) child.send(/** @type {import('node:child_process').Serializable} */ (message));
  const ready = /** @type {Promise<[{ port: number }]>} */ (once(child, 'message'));
  const [{ port }] = await Promise.race([ready, exited]);
  exited.catch(() => {});
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/**
 * A bare node:http server in its own process answering every request with `body` and `headers`.
 * @param {Buffer} body
 * @param {Record<string, string>} headers
 */
export function startBareServerProcess(body, headers) {
  return startChild(new URL('./bare-server.mjs', import.meta.url), { message: { body, headers } });
}

/**
 * The environment bench/app-server.mjs runs the app in over a generated catalogue, as production
 * runs it: an access line per request appended to `logFile` (README.md "LOG_FILE").
 * @param {{ databaseUrl: string, dataDir: string }} catalogue
 * @param {string} logFile
 * @returns {NodeJS.ProcessEnv}
 */
export function catalogueAppEnv(catalogue, logFile) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    LOG_FILE: logFile,
    DATABASE_URL: catalogue.databaseUrl,
    DATA_DIR: catalogue.dataDir,
    SEED_DEMO_DATA: 'false',
    // Production settings, with the embedded card payments: no payment call is measured.
    ALLOW_SIMULATED_PAYMENTS: 'true',
    HOST: '127.0.0.1',
    PORT: '0',
    // Search as typed: a translation service would measure the network, not the server.
    TRANSLATE_URL: undefined,
  };
}
