import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { freePort } from './processes.js';

const BIN = `/usr/lib/postgresql/${process.env.POSTGRES_MAJOR ?? '15'}/bin`;

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, so a test may stop,
 * freeze or restart it without touching the machine's shared server; removed when the test ends.
 * Runs as the `postgres` user (initdb refuses root).
 */
export async function startOwnPostgres(settings: Record<string, string | number> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'market-pg-'));
  chmodSync(dir, 0o700);
  const { uid, gid } = postgresUser();
  chownSync(dir, uid, gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), ...args]);
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off${extra.join('')}`;
  const start = () => pgCtl('-o', serverOptions, '-w', 'start');
  start();
  const serverPid = () =>
    Number(
      execFileSync('head', ['-1', path.join(dataDir, 'postmaster.pid')])
        .toString()
        .trim(),
    );
  onTestFinished(() => {
    try {
      serverProcesses(serverPid()).forEach((pid) => process.kill(pid, 'SIGCONT'));
    } catch {
      // Not running.
    }
    try {
      pgCtl('-m', 'immediate', '-w', 'stop');
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    /** As an operator's `pg_ctl -m fast restart`; `immediate` is a crash (backends killed, recovery at start). */
    restart: (mode: 'fast' | 'immediate' = 'fast') => pgCtl('-m', mode, '-w', 'restart', '-o', serverOptions),
    /** `restart` without blocking this process, so the test's own requests go on meanwhile. */
    restartInBackground: (mode: 'fast' | 'immediate') =>
      asPostgresInBackground('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), '-m', mode, '-w', 'restart', '-o', serverOptions]),
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    start,
    /** A database that answers nothing: the postmaster and its backends stop (SIGSTOP) until `thaw`. */
    freeze: () => serverProcesses(serverPid()).forEach((pid) => process.kill(pid, 'SIGSTOP')),
    thaw: () => serverProcesses(serverPid()).forEach((pid) => process.kill(pid, 'SIGCONT')),
  };
}

function asPostgres(command: string, args: string[]) {
  return execFileSync('runuser', ['-u', 'postgres', '--', `${BIN}/${command}`, ...args], { stdio: 'pipe', timeout: 60_000 });
}

function asPostgresInBackground(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile('runuser', ['-u', 'postgres', '--', `${BIN}/${command}`, ...args], { timeout: 60_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${command} failed: ${stderr}`)) : resolve(),
    ),
  );
}

function postgresUser() {
  const [uid, gid] = execFileSync('sh', ['-c', 'echo $(id -u postgres) $(id -g postgres)']).toString().trim().split(' ').map(Number);
  return { uid: uid!, gid: gid! };
}

/** The postmaster and every backend it forked. */
function serverProcesses(postmasterPid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(postmasterPid)])
      .toString()
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    // No children.
  }
  return [postmasterPid, ...children];
}
