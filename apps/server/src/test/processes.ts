import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { onTestFinished } from 'vitest';

/** The compiled server, as operators run it: these tests start real processes, so `npm run build` first. */
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../dist/index.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server, dropped when the test ends. */
export async function emptyPostgresDatabase(): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('This test needs TEST_DATABASE_URL');
  const name = `ops_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  // Dropping a database waits for a checkpoint, which a busy server (a CI run) can take long over.
  onTestFinished(async () => {
    const cleanup = new Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }, 120_000);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface ServerProcess {
  url: string;
  /** The instance's DATA_DIR (its SQLite database too, unless DATABASE_URL says otherwise). */
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote, for assertions and for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/**
 * Starts `node apps/server/dist/index.js` with the given environment on a free port and a data folder
 * (and SQLite database) of its own; stopped (SIGKILL if SIGTERM is not enough) when the test ends.
 */
export async function startServerProcess(env: Record<string, string>, prepareDataDir?: (dataDir: string) => void): Promise<ServerProcess> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-instance-'));
  prepareDataDir?.(dataDir);
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'marketplace.db')}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { url: `http://127.0.0.1:${port}`, dataDir, child, output: () => output, exited };
}

/** Waits until the process answers `path` with 200, or fails when it exits or `timeoutMs` passes. */
export async function waitUntilServing(server: ServerProcess, timeoutMs = 20_000, urlPath = '/api/health'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let stopped = false;
  void server.exited.then(() => (stopped = true));
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`The server exited before serving:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}${urlPath}`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not serve ${urlPath} within ${timeoutMs} ms:\n${server.output()}`);
}

/** An empty database of the kind this test project runs on (TEST_DB): its own PostgreSQL database, or an SQLite file. */
export async function emptyDatabaseUrl(): Promise<string> {
  if (process.env.TEST_DB === 'postgres') return emptyPostgresDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'market-cli-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return `sqlite:${path.join(dir, 'market.db')}`;
}

/** Runs a compiled command of the server (`npm run db`, `npm run ledger`) on `databaseUrl`: its exit code and output. */
export async function runCommand(
  entry: string,
  databaseUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [entry, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
      cwd: tmpdir(),
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}
