import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PORT } from './ports.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The environment of a journeys' app server: the built app on a fresh SQLite database with the demo data. */
export function appServerEnv(port: number, dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:./${dataDir}/e2e.db`,
    DATA_DIR: `./${dataDir}`,
    SEED_DEMO_DATA: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    FORMS_RATE_LIMIT_PER_MINUTE: '1000',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
    // Nothing balances these servers: they stop at once when the run ends.
    SHUTDOWN_DRAIN_SECONDS: '0',
    // The webhook journey's receiver is a server on 127.0.0.1 started by the journey; deliveries to a
    // private address are refused otherwise (docs/decisions/0015).
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ...env,
  };
}

/**
 * Each worker of the journeys that run side by side gets its own app server and database (the
 * worker's parallel index picks both), so two journeys at once never count each other's rows.
 * PORT + 1 … PORT + 9 are free: the Stripe app server is PORT + 10, fake Stripe PORT + 20.
 */
export const workerAppPort = (parallelIndex: number) => PORT + 1 + parallelIndex;
export const workerDataDir = (parallelIndex: number) => `e2e/.data-${parallelIndex}`;

export interface RunningAppServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the built app for one worker on a fresh database and resolves once it answers its health check. */
export async function startWorkerAppServer(parallelIndex: number): Promise<RunningAppServer> {
  const port = workerAppPort(parallelIndex);
  const dataDir = workerDataDir(parallelIndex);
  rmSync(new URL(`../../${dataDir}`, import.meta.url), { recursive: true, force: true });
  const child = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...appServerEnv(port, dataDir) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    process.stderr.write(chunk.replace(/^(?=.)/gm, `[app ${parallelIndex}] `));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const exitCode = await Promise.race([exited, new Promise<undefined>((resolve) => setTimeout(resolve, 250))]);
    if (exitCode !== undefined) throw new Error(`The app server on port ${port} exited (${exitCode}) before answering:\n${stderr}`);
    if (
      await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The app server on port ${port} did not answer within 60 s:\n${stderr}`);
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
