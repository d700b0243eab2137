// node bench/instructions.mjs [path | --typed]: machine instructions the server spends per request
// on one path (a kept product by slug unless given), counted by valgrind's callgrind rather than timed.
// --typed: searches as typed instead, the bench's thousands of varied prefixes in turn (each a miss
// of the search cache), over a catalogue of PRODUCTS products (20,000 unless given: a small
// catalogue has few prefixes, soon kept as answers; the bench's 100,000 walk longer postings).
// On a shared machine the same build's req/s moves by ±15 % between runs; these counts agree
// within about 1 %, so they compare two builds where the timed bench cannot (docs/decisions/0021).
// Now and then a run lands about 20k higher (the JIT's choices differ): take the least of a few.
// Count on an idle machine: the server's timers and jobs run per second of wall time, and under
// valgrind on a loaded machine those seconds stretch and their work lands on every request.
// BARE=1 counts the bare node:http server answering the same bytes instead.
//
// The app runs as bench/run.mjs runs it (NODE_ENV=production, an access line per request to a
// file) over a small catalogue of its own; instrumentation is switched on after a warm-up of
// 6,000 requests (WARMUP) and the next 4,000 (REQUESTS) are counted.
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureCatalogue, pickTargets, suggestionsPath } from './catalogue.mjs';
import { catalogueAppEnv, snapshot, startChild } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const typed = process.argv[2] === '--typed';
const productCount = Number(process.env.PRODUCTS ?? (typed ? 20_000 : 500));
const dataDir = path.join(here, '.data', productCount === 500 ? 'instructions' : `instructions-${productCount}`);
const warmup = Number(process.env.WARMUP ?? 6000);
const requests = Number(process.env.REQUESTS ?? 4000);
const catalogue = await ensureCatalogue({ dir: dataDir, count: productCount });
const targets = pickTargets(catalogue.databaseUrl);
const typedPaths = targets.searchVariety.map(suggestionsPath);
const requestPath = typed ? (typedPaths[0] ?? '') : (process.argv[2] ?? `/api/product/by-slug/${encodeURIComponent(targets.slug)}`);
const appEnv = catalogueAppEnv(catalogue, path.join(dataDir, 'access.log'));

/** The bytes and headers the app answers, for the bare server to send. */
async function appAnswer() {
  const app = await startChild(new URL('./app-server.mjs', import.meta.url), { env: appEnv, stdout: 'ignore' });
  try {
    return await snapshot(`${app.url}${requestPath}`);
  } finally {
    await app.close();
  }
}

const bare = process.env.BARE === '1' ? await appAnswer() : null;
const outFile = path.join(dataDir, 'callgrind.out');
for (const name of readdirSync(dataDir)) if (name.startsWith('callgrind.out')) rmSync(path.join(dataDir, name));
// valgrind names its control pipes after USER and HOST: callgrind_control must see the same ones.
const valgrindEnv = { ...appEnv, USER: process.env.USER ?? 'root', LOGNAME: process.env.LOGNAME ?? 'root' };
const server = fork(new URL(bare ? './bare-server.mjs' : './app-server.mjs', import.meta.url), [], {
  execPath: 'valgrind',
  execArgv: ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${outFile}`, process.execPath],
  env: valgrindEnv,
  serialization: 'advanced',
  stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
});
if (bare) server.send(bare);
const [{ port }] = /** @type {[{ port: number }]} */ (await once(server, 'message'));
const url = `http://127.0.0.1:${port}${requestPath}`;
const control = (/** @type {string[]} */ ...args) =>
  execFileSync('callgrind_control', [...args, String(server.pid)], { stdio: 'ignore', env: valgrindEnv });
let nextPath = 0;
const inTurn = typed
  ? {
      requests: [
        { setupRequest: (/** @type {{ path: string }} */ request) => ({ ...request, path: typedPaths[nextPath++ % typedPaths.length] }) },
      ],
    }
  : {};
try {
  await autocannon({ url, connections: 10, amount: warmup, ...inTurn });
  control('-i', 'on');
  const result = await autocannon({ url, connections: 10, amount: requests, ...inTurn });
  control('-d');
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${requestPath}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  let instructions = 0;
  for (const name of readdirSync(dataDir).filter((file) => file.startsWith('callgrind.out.'))) {
    instructions += Number(/^summary: (\d+)/m.exec(readFileSync(path.join(dataDir, name), 'utf8'))?.[1] ?? 0);
  }
  const perRequest = instructions / result.requests.total;
  console.log(
    `${bare ? 'bare node:http' : 'app'} ${typed ? `searches as typed (${typedPaths.length} in turn, ${catalogue.count} products)` : requestPath}: ${(perRequest / 1000).toFixed(1)}k instructions per request (${result.requests.total} requests)`,
  );
} finally {
  server.kill('SIGTERM');
}
