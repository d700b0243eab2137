// `npm run dev`: the development loop. The server's TypeScript is rebuilt on every save (tsc -b --watch)
// and the server restarts on every rebuild (node --watch), beside Vite's dev server for the browser, whose
// proxy sends /api, /files, /sitemap.xml and /robots.txt to that server. Server logs are printed as short
// readable lines instead of JSON. Ctrl-C or SIGTERM stops all three and whatever they started.
// PORT is the server's (3000), VITE_PORT Vite's (5173). A restart skips the production drain.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { installIfNeeded, onParentGone, root, run, runOnSupportedNode } from './lib.mjs';

const SERVER_PORT = process.env.PORT ?? '3000';
const VITE_PORT = process.env.VITE_PORT ?? '5173';
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** One pino JSON line as `12:00:01 info  GET /api/product/list 200 3.1ms  request`; other lines as they are. */
function readableLogLine(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || !('level' in entry)) return line;
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = (LEVELS[entry.level] ?? String(entry.level)).padEnd(5);
  const request = entry.method
    ? ` ${entry.method} ${entry.route ?? entry.url ?? ''} ${entry.statusCode ?? ''} ${entry.durationMs ?? ''}ms`
    : '';
  const error = entry.err?.stack ? `\n${entry.err.stack}` : '';
  return `${time} ${level}${request}  ${entry.msg ?? ''}${error}`;
}

/** Starts `command` in a process group of its own, so that stopping it stops what it started too (npx's tsc and vite). */
function start(tag, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...options });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${tag}] ${readableLogLine(line)}`));
  }
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[${tag}] stopped (${signal ?? `exit ${code}`})`);
  });
  return child;
}

let stopping = false;

await runOnSupportedNode();
await installIfNeeded();
// The server imports the built contracts; the first server build must exist before node --watch starts it.
await run('npm', ['run', 'build', '-w', '@market/contracts', '--silent']);
await run('npx', ['tsc', '-b', 'apps/server']);

const children = [
  start('tsc', 'npx', ['tsc', '-b', 'apps/server', '--watch', '--preserveWatchOutput']),
  start('server', process.execPath, ['--watch-path=apps/server/dist', '--watch-preserve-output', 'apps/server/dist/index.js'], {
    env: {
      ...process.env,
      PORT: SERVER_PORT,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      // A restart after an edit is not a rolling deploy: no balancer to wait for.
      SHUTDOWN_DRAIN_SECONDS: process.env.SHUTDOWN_DRAIN_SECONDS ?? '0',
    },
  }),
  start('web', 'npx', ['vite', '--host', '127.0.0.1', '--port', VITE_PORT, '--strictPort'], {
    cwd: `${root}/apps/web`,
    env: { ...process.env, API_URL: `http://127.0.0.1:${SERVER_PORT}` },
  }),
];
console.log(`Development: open the Vite URL below (the API answers on http://127.0.0.1:${SERVER_PORT}). Ctrl-C stops.`);

/** SIGTERM to a child's whole group; SIGKILL to what is left after 5 s. Resolves once each has exited. */
function stopAll() {
  return Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          const signalGroup = (signal) => {
            try {
              process.kill(-child.pid, signal);
            } catch {
              // Already gone.
            }
          };
          signalGroup('SIGTERM');
          setTimeout(() => signalGroup('SIGKILL'), 5_000).unref();
        }),
    ),
  );
}

async function stop() {
  if (stopping) return;
  stopping = true;
  await stopAll();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
onParentGone(stop);
