// The Node.js the project runs on: .nvmrc's major (24, production's), or any release from 22.12 on
// (package.json's engines). A machine whose own Node is older still runs the two commands: each
// entry script calls `runOnSupportedNode()` first, which fetches Node 24 from the npm registry's
// node-<platform>-<arch> package (kept in a cache folder between runs) and runs the same script on
// it, with its bin folder first on PATH so that every npm, npx and node below runs on it too.
//
// Run directly, it prints the path of that runtime's `node` (and what it fetched, on stderr).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The oldest Node the project supports: better-sqlite3 13 and five other dependencies need 22. */
export const OLDEST_SUPPORTED = [22, 12];

const byNumber = (version) =>
  version
    .replace(/^node-/, '')
    .split('.')
    .map(Number);
const bySemver = (a, b) => byNumber(a).reduce((order, part, index) => order || part - byNumber(b)[index], 0);

export function isSupported(version = process.versions.node) {
  const [major, minor] = byNumber(version);
  return major > OLDEST_SUPPORTED[0] || (major === OLDEST_SUPPORTED[0] && minor >= OLDEST_SUPPORTED[1]);
}

function cacheFolder() {
  const base =
    process.env.NODE_RUNTIME_CACHE_DIR ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'source-code-marketplace');
  mkdirSync(base, { recursive: true });
  return base;
}

/** The newest Node of .nvmrc's major for this platform, extracted once into the cache: its `node` and version. */
export function fetchNodeRuntime() {
  const major = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
  const cache = cacheFolder();
  const cached = readdirSync(cache)
    .filter((name) => name.startsWith(`node-${major}.`) && existsSync(path.join(cache, name, 'bin', 'node')))
    .sort(bySemver);
  const registryPackage = `node-${process.platform}-${process.arch}`;
  let version;
  try {
    const listed = JSON.parse(execFileSync('npm', ['view', `${registryPackage}@${major}`, 'version', '--json'], { encoding: 'utf8' }));
    version = (Array.isArray(listed) ? listed : [listed]).sort(bySemver).at(-1);
  } catch (error) {
    // Offline: the newest runtime already fetched will do.
    if (!cached.length) throw new Error(`Node ${major} is needed and the npm registry did not answer: ${error.message}`, { cause: error });
    version = cached.at(-1).replace(/^node-/, '');
  }
  const dir = path.join(cache, `node-${version}`);
  const bin = path.join(dir, 'bin', 'node');
  if (existsSync(bin)) return { bin, version };
  const started = Date.now();
  console.error(`Fetching Node ${version} from the npm registry (${registryPackage}, once)…`);
  const download = mkdtempSync(path.join(tmpdir(), 'node-runtime-'));
  execFileSync('npm', ['pack', `${registryPackage}@${version}`, '--pack-destination', download], { stdio: 'ignore' });
  execFileSync('tar', ['xzf', path.join(download, `${registryPackage}-${version}.tgz`), '-C', download]);
  renameSync(path.join(download, 'package'), dir);
  rmSync(download, { recursive: true, force: true });
  console.error(`Fetched Node ${version} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { bin, version };
}

/**
 * Calls `stop` once this process's parent is gone. `npm run x` starts the script under `sh -c`, and a
 * SIGTERM to npm reaches that shell, which dies without passing it on: the script, re-parented, would
 * keep running with everything it started. So would it after a `kill -9` of npm.
 */
export function onParentGone(stop) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, 250);
  timer.unref();
}

/**
 * Returns at once on a supported Node. On an older one, runs this very script on the fetched Node
 * and exits with its code, passing SIGINT and SIGTERM on so that Ctrl+C and a supervisor's stop
 * reach it (and through it every child it started).
 */
export async function runOnSupportedNode() {
  if (isSupported()) return;
  const { bin, version } = fetchNodeRuntime();
  console.error(`This machine's Node is ${process.versions.node}; running on Node ${version} (${bin}).`);
  const child = spawn(bin, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  onParentGone(() => child.kill('SIGTERM'));
  const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  process.exit(code);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(fetchNodeRuntime().bin);
