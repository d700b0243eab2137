import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { onTestFinished } from 'vitest';
import { freePort } from './processes.js';

/**
 * A redis-server of the test's own on a free port, keeping nothing on disk, that the test may stop
 * and start again on the same port (the machine's shared Redis is never touched). Killed when the test ends.
 */
export async function ownRedisServer() {
  const port = await freePort();
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    probe.on('error', () => {
      // Refused until the server listens: the loop below tries again.
    });
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        probe.disconnect();
        await sleep(50);
      }
    }
    throw new Error(`redis-server on port ${port} did not start`);
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  onTestFinished(stop);
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
