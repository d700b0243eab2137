// Helpers shared by the start and test scripts: plain Node, so they run before any install.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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

export { onParentGone, runOnSupportedNode } from './node-runtime.mjs';

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

/** True when `output` is missing or older than any of `inputs` (relative to the repository, or absolute). */
export function isStale(output, inputs) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return inputs.some((input) => newestMtime(path.resolve(root, input)) > built);
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
  if (isStale(WEB_BUILD_STAMP, WEB_BUILD_INPUTS)) {
    console.log('Building the web app…');
    await run('npm', ['run', 'build', '-w', '@market/web']);
    markWebBuilt();
  }
}

/**
 * Written once both web builds (browser and server render) are done. Not dist/index.html: the
 * second build creates dist-ssr inside apps/web after it, which makes apps/web itself newer than
 * the first build's output, so the next command would build the web app again for nothing.
 */
export const WEB_BUILD_STAMP = path.join(root, 'apps/web/dist-ssr/.built');
export const WEB_BUILD_INPUTS = ['apps/web', 'packages/contracts/src'];

export function markWebBuilt(stamp = WEB_BUILD_STAMP) {
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
