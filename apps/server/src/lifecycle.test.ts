import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it, onTestFinished } from 'vitest';
import { multipart, productFields, productFiles, tinyZip } from './test/factories.js';
import { freePort, startServerProcess, waitUntilServing, type ServerProcess } from './test/processes.js';

const LARGE_FILE_BYTES = 64 * 1024 * 1024;

// One process on its own SQLite database: the same in both suites, so it runs in the SQLite one.
describe.runIf(process.env.TEST_DB !== 'postgres')('a SIGTERM', () => {
  it('turns readiness to 503 at once, serves through the drain, lets a download in flight finish, and exits 0', async () => {
    const server = await startServerProcess({ SHUTDOWN_DRAIN_SECONDS: '2' });
    await waitUntilServing(server, 90_000);
    // A large image, read slowly: still being sent when the signal comes.
    const key = `${randomBytes(16).toString('hex')}.png`;
    mkdirSync(path.join(server.dataDir, 'images'), { recursive: true });
    writeFileSync(path.join(server.dataDir, 'images', key), Buffer.alloc(LARGE_FILE_BYTES, 7));
    let received = 0;
    let paused: { resume(): void } | undefined;
    const downloaded = new Promise<number>((resolve, reject) => {
      get(`${server.url}/files/images/${key}`, (response) => {
        response.once('data', (chunk: Buffer) => {
          received += chunk.length;
          response.pause();
          response.on('data', (more: Buffer) => (received += more.length));
          paused = response;
        });
        response.on('end', () => resolve(received));
        response.on('error', reject);
      }).on('error', reject);
    });
    await expect.poll(() => received).toBeGreaterThan(0);

    server.child.kill('SIGTERM');
    // The signal reaches the process asynchronously: a probe sent in the same instant may be answered first.
    const readiness = async () => {
      const ready = await fetch(`${server.url}/api/health/ready`);
      return { status: ready.status, body: (await ready.json()) as unknown };
    };
    await expect
      .poll(readiness, { timeout: 1_000, interval: 50 })
      .toMatchObject({ status: 503, body: { status: 'unavailable', draining: true } });
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);

    // Past the drain: the server has stopped accepting and waits for this download alone.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow('fetch failed');
    expect(server.child.exitCode).toBeNull();
    paused!.resume();
    expect(await downloaded).toBe(LARGE_FILE_BYTES);
    expect(await server.exited).toBe(0);
  }, 180_000);
});

describe.runIf(process.env.TEST_DB !== 'postgres')('METRICS_PORT in a real process', () => {
  it('serves the scraper through the drain, closes with the process, and never on the public port', async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess({ SHUTDOWN_DRAIN_SECONDS: '2', METRICS_PORT: String(metricsPort) });
    await waitUntilServing(server, 90_000);
    const scrape = () => fetch(`http://127.0.0.1:${metricsPort}/metrics`);

    expect((await fetch(`${server.url}/api/metrics`)).status).toBe(404);
    // /metrics on the public port is a storefront path (the web app's page when it is built), never the figures.
    expect(await (await fetch(`${server.url}/metrics`)).text()).not.toContain('http_requests_total');
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(await before.text()).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+$/m);

    server.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${server.url}/api/health/ready`)).status, { timeout: 1_000, interval: 50 }).toBe(503);
    // Draining: the scraper still sees this instance, readiness 503 counted among its answers.
    const during = await scrape();
    expect(during.status).toBe(200);
    expect(await during.text()).toMatch(/^http_requests_total\{method="GET",route="\/api\/health\/ready",status="503"\} \d+$/m);

    expect(await server.exited).toBe(0);
    await expect(scrape()).rejects.toThrow('fetch failed');
  }, 120_000);

  it('refuses to start when METRICS_PORT is taken, rather than run without metrics', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => taken.close(() => resolve())));
    const port = (taken.address() as { port: number }).port;

    const server = await startServerProcess({ METRICS_PORT: String(port) });

    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/EADDRINUSE/);
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('a start after a crash', () => {
  it('removes the partial upload the crash left behind', async () => {
    const leftover = path.join('private', `${randomBytes(16).toString('hex')}.zip.part`);
    const server = await startServerProcess({}, (dataDir) => {
      mkdirSync(path.join(dataDir, 'private'), { recursive: true });
      writeFileSync(path.join(dataDir, leftover), 'half an archive');
      const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
      utimesSync(path.join(dataDir, leftover), yesterday, yesterday);
    });
    await waitUntilServing(server, 90_000);

    expect(existsSync(path.join(server.dataDir, leftover))).toBe(false);
  }, 120_000);
});

/** A seller's session cookie on a server process, by signing up and in as the browser does. */
async function sellerCookie(server: ServerProcess): Promise<string> {
  const origin = `http://localhost:${new URL(server.url).port}`;
  const credentials = { email: 'crash@example.com', password: 'violet-harbour-engine-42' };
  const headers = { 'content-type': 'application/json', origin };
  const signUp = await fetch(`${server.url}/api/user/addUser`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Crash Seller',
      number: '+1 555 0199',
      role: 'User',
      confirmPassword: credentials.password,
      ...credentials,
    }),
  });
  expect(signUp.status).toBe(201);
  const signIn = await fetch(`${server.url}/api/user/signIn`, { method: 'POST', headers, body: JSON.stringify(credentials) });
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const partialFilesIn = (dataDir: string) =>
  existsSync(path.join(dataDir, 'private')) ? readdirSync(path.join(dataDir, 'private')).filter((name) => name.endsWith('.part')) : [];

describe.runIf(process.env.TEST_DB !== 'postgres')('a kill -9 during an upload', () => {
  it('leaves a partial archive that the restarted server removes', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'market-crash-')), 'data');
    onTestFinished(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'marketplace.db')}`, BODY_IDLE_TIMEOUT_SECONDS: '1' };
    const first = await startServerProcess(env);
    await waitUntilServing(first, 90_000);
    // An archive of 8 MB sent 8 KiB every 100 ms: the server is still writing it when it is killed.
    const archive = Buffer.concat([tinyZip(), Buffer.alloc(8 * 1024 * 1024, 1)]);
    const { payload, headers } = await multipart({
      ...productFields(),
      ...(await productFiles()),
      sourceCode: { bytes: archive, name: 'game.zip', type: 'application/zip' },
    });
    const { port } = new URL(first.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    onTestFinished(() => {
      socket.destroy();
    });
    socket.write(
      `POST /api/product/uploadProduct HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: http://localhost:${port}\r\n` +
        `Cookie: ${await sellerCookie(first)}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    const headStart = payload.indexOf(archive.subarray(0, 64)) + 64 * 1024;
    socket.write(payload.subarray(0, headStart));
    let sent = headStart;
    const trickle = setInterval(() => {
      socket.write(payload.subarray(sent, sent + 8 * 1024));
      sent += 8 * 1024;
    }, 100);
    onTestFinished(() => clearInterval(trickle));
    await expect.poll(() => partialFilesIn(dataDir), { timeout: 20_000 }).toHaveLength(1);

    first.child.kill('SIGKILL');
    await first.exited;
    clearInterval(trickle);
    expect(partialFilesIn(dataDir)).toHaveLength(1);
    // Older than twice the body idle timeout, no upload can still be adding to it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const second = await startServerProcess(env);
    await waitUntilServing(second, 90_000);

    expect(partialFilesIn(dataDir)).toEqual([]);
  }, 180_000);
});
