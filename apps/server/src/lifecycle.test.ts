import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess, waitUntilServing } from './test/processes.js';

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
