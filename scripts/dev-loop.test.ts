// `npm run dev` as a developer uses it: started, a server file saved, stopped with SIGTERM.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../apps/server/src/test/processes.js';

const root = path.resolve(import.meta.dirname, '..');
const BANNER = 'Marketplace running at';
// eslint-disable-next-line no-control-regex
const ANSI_ESCAPES = /\u001b\[[0-9;]*m/g;
/** Output without colours' escape codes, which Vite writes inside its URL when the test runner asks for colour. */
const plain = (chunk: Buffer) => chunk.toString().replace(ANSI_ESCAPES, '');

/** Every process below `pid`, found through `ps`. */
function descendantsOf(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs: number, output: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms:\n${output()}`);
    await sleep(50);
  }
}

describe('npm run dev', () => {
  it('restarts the server after a save without the production drain, on the ports asked for, and leaves no process behind on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'market-dev-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const [port, vitePort] = await Promise.all([freePort(), freePort()]);
    // Through npm, as a developer starts it: npm runs the script under `sh -c`, which does not pass a
    // SIGTERM on, so this also proves that the script stops when its parent goes.
    const dev = spawn('npm', ['run', 'dev', '--silent'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        VITE_PORT: String(vitePort),
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'dev.db')}`,
        SEED_DEMO_DATA: 'false',
        // Info: the old server's line about its drain is what shows the restart skips it.
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    dev.stdout.on('data', (chunk: Buffer) => (output += plain(chunk)));
    dev.stderr.on('data', (chunk: Buffer) => (output += plain(chunk)));
    const exited = new Promise<void>((resolve) => dev.once('exit', () => resolve()));
    onTestFinished(() => void (dev.exitCode === null && dev.kill('SIGKILL')));
    const starts = () => output.split(BANNER).length - 1;

    await until(
      'the server’s first start',
      () => starts() >= 1,
      90_000,
      () => output,
    );
    const vite = await until(
      'Vite on VITE_PORT',
      () => output.includes(`127.0.0.1:${vitePort}`),
      60_000,
      () => output,
    );
    expect(vite).toBe(true);
    const proxied = await fetch(`http://127.0.0.1:${vitePort}/api/health/live`);
    expect(proxied.status).toBe(200);

    // Saving a server file ends in tsc writing its output, which the server watches: the same write, by hand.
    const built = path.join(root, 'apps/server/dist/index.js');
    const { atime, mtime } = statSync(built);
    const saved = Date.now();
    utimesSync(built, new Date(), new Date());
    onTestFinished(() => utimesSync(built, atime, mtime));
    // How long it takes is measured, not asserted (a loaded machine is slower): 2.6–4.8 s here.
    await until(
      'the restart after a save',
      () => starts() >= 2,
      60_000,
      () => output,
    );
    const answered = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    const restartMs = Date.now() - saved;
    expect(answered.status).toBe(200);
    expect(output).toContain('SIGTERM received: not ready; serving 0 s more while the balancer moves away');
    expect(output).not.toContain('serving 10 s more');

    const processes = descendantsOf(dev.pid!);
    // A failed run must not leave its servers behind for the next one.
    onTestFinished(() => processes.filter(isAlive).forEach((pid) => process.kill(pid, 'SIGKILL')));
    // npm, its shell, dev.mjs, and below it tsc, the watched server and vite with what npx put between.
    expect(processes.length).toBeGreaterThanOrEqual(5);
    dev.kill('SIGTERM');
    await exited;
    await until(
      'every child gone',
      () => processes.every((pid) => !isAlive(pid)),
      10_000,
      () => `${processes.filter(isAlive).join(', ')} still running`,
    );
    console.log(`npm run dev: a save answered after ${restartMs} ms; SIGTERM stopped ${processes.length} processes`);
  }, 180_000);
});
