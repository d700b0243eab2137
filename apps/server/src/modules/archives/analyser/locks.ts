import { baseName, type TextFiles } from './text-files.js';

/** Lock files, whose exact versions stand beside the ranges a manifest asks for. */
export const LOCK_FILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'pubspec.lock',
  'Podfile.lock',
  'Cargo.lock',
]);
/** Lock files are read whole up to this size (a large app's package-lock.json runs to several MB). */
export const MAX_LOCK_BYTES = 16 * 1024 ** 2;

/** The lock file a manifest's exact versions come from, by the manifest's name. */
const LOCK_OF: Record<string, readonly string[]> = {
  'package.json': ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml'],
  'pubspec.yaml': ['pubspec.lock'],
  Podfile: ['Podfile.lock'],
  'Cargo.toml': ['Cargo.lock'],
};

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/** The exact versions the lock file beside this manifest pins, by package name; empty when there is none. */
export function lockedVersions(files: TextFiles, manifest: string): ReadonlyMap<string, string> {
  for (const lockName of LOCK_OF[baseName(manifest)] ?? []) {
    const lockPath = `${folderOf(manifest)}${lockName}`;
    const text = files.get(lockPath);
    if (text !== undefined) return readLock(lockName, text);
  }
  return new Map();
}

function readLock(name: string, text: string): Map<string, string> {
  if (name === 'package-lock.json' || name === 'npm-shrinkwrap.json') return npmLock(text);
  if (name === 'yarn.lock') return yarnLock(text);
  if (name === 'pnpm-lock.yaml') return pnpmLock(text);
  if (name === 'pubspec.lock') return pubLock(text);
  if (name === 'Podfile.lock') return podLock(text);
  return cargoLock(text);
}

/** lockfileVersion 2 and 3: `packages["node_modules/x"].version`; 1: `dependencies.x.version`. */
function npmLock(text: string): Map<string, string> {
  const versions = new Map<string, string>();
  let lock: { packages?: Record<string, { version?: unknown }>; dependencies?: Record<string, { version?: unknown }> };
  try {
    lock = JSON.parse(text) as typeof lock;
  } catch {
    return versions;
  }
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    // Only the top level: nested copies are other packages' choices.
    const top = /^node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(path);
    if (top && typeof entry?.version === 'string') versions.set(top[1]!, entry.version);
  }
  if (versions.size === 0) {
    for (const [packageName, entry] of Object.entries(lock.dependencies ?? {})) {
      if (typeof entry?.version === 'string') versions.set(packageName, entry.version);
    }
  }
  return versions;
}

/** `"phaser@^3.80.0":` then `  version "3.80.1"` (Yarn 1) or `  version: 3.80.1` (Berry). */
function yarnLock(text: string): Map<string, string> {
  const versions = new Map<string, string>();
  let names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^\S/.test(line) && line.endsWith(':')) {
      names = line
        .slice(0, -1)
        .split(/,\s*/)
        .map((spec) => /^"?((?:@[^@/"]+\/)?[^@"]+)@/.exec(spec)?.[1])
        .filter((found): found is string => Boolean(found));
      continue;
    }
    const version = /^\s+version:?\s+"?([^"\s]+)"?/.exec(line)?.[1];
    if (version) for (const packageName of names) if (!versions.has(packageName)) versions.set(packageName, version);
  }
  return versions;
}

/**
 * `packages:` then `  http:` … `    version: "1.2.0"`. Packages from the Flutter SDK itself
 * (`source: sdk`) all say "0.0.0": their version is the SDK's, which the lock does not name.
 */
function pubLock(text: string): Map<string, string> {
  const versions = new Map<string, string>();
  let current: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const packageLine = /^ {2}([\w-]+):\s*$/.exec(line);
    if (packageLine) current = packageLine[1]!;
    if (/^ {4}source:\s*sdk\s*$/.test(line)) current = null;
    const version = /^ {4}version:\s*"?([^"\s]+)"?/.exec(line)?.[1];
    if (current && version) versions.set(current, version);
  }
  return versions;
}

/** pubspec.lock's `sdks:` section: the Dart and Flutter versions its resolved packages need (`flutter: ">=3.16.0"`). */
export function pubLockSdks(text: string): ReadonlyMap<string, string> {
  const sdks = new Map<string, string>();
  const section = /^sdks:\s*\r?\n((?:[ \t]+.*\r?\n?)*)/m.exec(text)?.[1] ?? '';
  for (const match of section.matchAll(/^[ \t]+([\w-]+):[ \t]*"?([^"\r\n]+?)"?[ \t]*$/gm)) sdks.set(match[1]!, match[2]!);
  return sdks;
}

/** A pnpm version without its quotes and the peers it was resolved with: `0.81.5(react@19.1.0)`, `0.64.4_react@17.0.2`. */
const pnpmExact = (written: string) => written.replace(/^['"]|['"]$/g, '').replace(/[(_].*$/, '');

/**
 * pnpm-lock.yaml, the project's own dependencies only: lockfile 6 and 9 write `name:` then
 * `specifier:` and `version: 0.81.5(peer@1.0.0)…` (under `importers: .:` when there are several
 * packages); lockfile 5 writes `name: 0.64.0_peer@1.0.0`. The peers in the suffix are not the version.
 */
function pnpmLock(text: string): Map<string, string> {
  const versions = new Map<string, string>();
  let section = '';
  let rootImporter = false;
  let groupIndent: number | null = null;
  let current: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (indent === 0) {
      section = line.replace(/:.*$/, '');
      rootImporter = false;
      groupIndent = /^(dependencies|devDependencies|optionalDependencies):\s*$/.test(line) ? 0 : null;
      continue;
    }
    if (section === 'importers' && indent === 2) {
      rootImporter = /^\s*(['"]?)\.\1:\s*$/.test(line);
      groupIndent = null;
      continue;
    }
    if (section === 'importers' && rootImporter && indent === 4) {
      groupIndent = /^\s*(dependencies|devDependencies|optionalDependencies):\s*$/.test(line) ? 4 : null;
      continue;
    }
    if (groupIndent === null || indent <= groupIndent) continue;
    if (indent === groupIndent + 2) {
      const entry = /^\s*(['"]?)(.+?)\1:\s*(.*)$/.exec(line);
      current = entry ? entry[2]! : null;
      if (current && entry?.[3]) {
        const version = pnpmExact(entry[3]);
        if (/^\d/.test(version)) versions.set(current, version);
        current = null;
      }
      continue;
    }
    const version = /^\s*version:\s*(\S+)/.exec(line)?.[1];
    if (current && indent === groupIndent + 4 && version && /^\d/.test(pnpmExact(version))) versions.set(current, pnpmExact(version));
  }
  return versions;
}

/** `PODS:` then `  - Alamofire (5.8.1)` and `  - Firebase/Core (10.22.0):`. */
function podLock(text: string): Map<string, string> {
  const versions = new Map<string, string>();
  for (const match of text.matchAll(/^ {2}- "?([^\s("]+) \(([^)]+)\)"?:?$/gm)) {
    const podName = match[1]!;
    if (!versions.has(podName)) versions.set(podName, match[2]!);
    const root = podName.split('/')[0]!;
    if (!versions.has(root)) versions.set(root, match[2]!);
  }
  return versions;
}

/** `[[package]]` then `name = "bevy"` and `version = "0.14.2"`. */
function cargoLock(text: string): Map<string, string> {
  const versions = new Map<string, string>();
  for (const block of text.split('[[package]]').slice(1)) {
    const crate = /^name = "([^"]+)"/m.exec(block)?.[1];
    const version = /^version = "([^"]+)"/m.exec(block)?.[1];
    if (crate && version && !versions.has(crate)) versions.set(crate, version);
  }
  return versions;
}
