// Helpers shared by the start and test scripts: plain Node, so they run before any install.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Node ${process.versions.node} is too old: this project needs Node 20.19 or newer.`);
    process.exit(1);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs`. */
export function isStale(output, inputs) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/** Installs the npm packages when node_modules is missing or older than the lockfile. */
export async function installIfNeeded() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!isStale(marker, ['package-lock.json', 'package.json'])) return;
  console.log('Installing npm packages (the first time takes a few minutes)…');
  await run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Builds what changed: contracts and server incrementally, the web app when its sources moved. */
export async function buildIfNeeded() {
  await run('npx', ['tsc', '-b', 'apps/server']);
  const webIndex = path.join(root, 'apps/web/dist/index.html');
  if (isStale(webIndex, ['apps/web', 'packages/contracts/src'])) {
    console.log('Building the web app…');
    await run('npm', ['run', 'build', '-w', '@market/web']);
  }
}
