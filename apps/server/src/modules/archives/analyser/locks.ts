import { baseName, type TextFiles } from './text-files.js';

/** Lock files, whose exact versions stand beside the ranges a manifest asks for. */
export const LOCK_FILES = new Set(['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pubspec.lock', 'Podfile.lock', 'Cargo.lock']);
/** Lock files are read whole up to this size (a large app's package-lock.json runs to several MB). */
export const MAX_LOCK_BYTES = 16 * 1024 ** 2;

/** The lock file a manifest's exact versions come from, by the manifest's name. */
const LOCK_OF: Record<string, readonly string[]> = {
  'package.json': ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock'],
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

/** `packages:` then `  http:` … `    version: "1.2.0"`. */
function pubLock(text: string): Map<string, string> {
  const versions = new Map<string, string>();
  let current: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const packageLine = /^ {2}([\w-]+):\s*$/.exec(line);
    if (packageLine) current = packageLine[1]!;
    const version = /^ {4}version:\s*"?([^"\s]+)"?/.exec(line)?.[1];
    if (current && version) versions.set(current, version);
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
