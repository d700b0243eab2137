import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { freePort } from './processes.js';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * Debian's PgBouncer of the test's own, in transaction mode on a free port in front of `postgresPort`,
 * configured as README's sizing section tells operators to; stopped when the test ends. Runs as the
 * `postgres` user (PgBouncer refuses root).
 */
export async function startPgbouncer(postgresPort: number, { poolSize = 5 }: { poolSize?: number } = {}) {
  if (!existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} is missing: apt-get install -y pgbouncer`);
  const dir = mkdtempSync(path.join(tmpdir(), 'market-pgbouncer-'));
  chmodSync(dir, 0o700);
  const [uid, gid] = execFileSync('sh', ['-c', 'echo $(id -u postgres) $(id -g postgres)']).toString().trim().split(' ').map(Number);
  chownSync(dir, uid!, gid!);
  const port = await freePort();
  const file = (name: string) => path.join(dir, name);
  writeFileSync(file('userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    file('pgbouncer.ini'),
    [
      '[databases]',
      `* = host=127.0.0.1 port=${postgresPort}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${file('userlist.txt')}`,
      'pool_mode = transaction',
      // The app sends its statement timeout as a startup option, which PgBouncer refuses unless told to ignore it.
      'ignore_startup_parameters = options',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 200',
      `logfile = ${file('pgbouncer.log')}`,
      `pidfile = ${file('pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  for (const name of ['userlist.txt', 'pgbouncer.ini']) chownSync(file(name), uid!, gid!);
  execFileSync('runuser', ['-u', 'postgres', '--', PGBOUNCER, '-d', file('pgbouncer.ini')], { stdio: 'pipe', timeout: 10_000 });
  onTestFinished(() => {
    try {
      process.kill(Number(readFileSync(file('pgbouncer.pid'), 'utf8').trim()), 'SIGINT');
    } catch {
      // Not running.
    }
    rmSync(dir, { recursive: true, force: true });
  });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, log: () => readFileSync(file('pgbouncer.log'), 'utf8') };
}
