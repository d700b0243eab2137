import type { InsideManifest } from '@market/contracts';
import { baseName, type TextFiles, unquote, yamlSection } from './text-files.js';
import { type GradleValues, gradleValues, readVersionCatalog, resolveGradle } from './gradle.js';
import { lockedVersions } from './locks.js';

/** Manifests listed and packages per manifest: enough to judge, bounded whatever the archive holds. */
const MAX_MANIFESTS = 50;
const MAX_PACKAGES = 500;

type Package = InsideManifest['packages'][number];

/** The dependency manifests found and the packages each declares, by path. */
export function readManifests(files: TextFiles): InsideManifest[] {
  const manifests: InsideManifest[] = [];
  const values = gradleValues(files);
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const manifest = readManifest(file, text, values);
    if (!manifest) continue;
    const locked = lockedVersions(files, file);
    const packages = manifest.packages.slice(0, MAX_PACKAGES).map((entry) => {
      const exact = locked.get(entry.name);
      return exact ? { ...entry, locked: exact } : entry;
    });
    manifests.push({ ...manifest, packages });
    if (manifests.length === MAX_MANIFESTS) break;
  }
  return manifests;
}

function readManifest(file: string, text: string, values: GradleValues): InsideManifest | null {
  const name = baseName(file);
  if (name === 'package.json') return { file, kind: 'npm', packages: npmPackages(text) };
  if (name === 'pubspec.yaml') return { file, kind: 'Flutter pub', packages: pubPackages(text) };
  if (name === 'Podfile') return { file, kind: 'CocoaPods', packages: pods(text) };
  if (name === 'build.gradle' || name === 'build.gradle.kts') {
    const packages = gradlePackages(text, values);
    return packages.length > 0 ? { file, kind: 'Gradle', packages } : null;
  }
  if (name === 'Cargo.toml') {
    const packages = cargoPackages(text);
    return packages.length > 0 ? { file, kind: 'Cargo', packages } : null;
  }
  if (/\.(cs|fs|vb)proj$/.test(name)) {
    const packages = nugetPackages(text);
    return packages.length > 0 ? { file, kind: 'NuGet', packages } : null;
  }
  if (name === 'libs.versions.toml') {
    const catalog = readVersionCatalog(file, text);
    return { file, kind: 'Gradle version catalog', packages: [...catalog.libraries, ...catalog.plugins] };
  }
  if (file === 'Packages/manifest.json' || file.endsWith('/Packages/manifest.json')) {
    return { file, kind: 'Unity packages', packages: jsonDependencies(text, ['dependencies']) };
  }
  return null;
}

function npmPackages(text: string): Package[] {
  return jsonDependencies(text, ['dependencies', 'devDependencies']);
}

function jsonDependencies(text: string, sections: readonly string[]): Package[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  if (!json || typeof json !== 'object') return [];
  return sections.flatMap((section) => {
    const dependencies = (json as Record<string, unknown>)[section];
    if (!dependencies || typeof dependencies !== 'object') return [];
    return Object.entries(dependencies).map(([packageName, version]) => ({ name: packageName, version: String(version) }));
  });
}

function pubPackages(text: string): Package[] {
  return ['dependencies', 'dev_dependencies'].flatMap((section) =>
    [...yamlSection(text, section)].map(([packageName, version]) => ({ name: packageName, version: unquote(version) ?? 'any' })),
  );
}

function pods(text: string): Package[] {
  return [...text.matchAll(/^[ \t]*pod[ \t]+['"]([^'"]+)['"](?:[ \t]*,[ \t]*['"]([^'"]+)['"])?/gm)].map((match) => ({
    name: match[1]!,
    version: match[2] ?? 'any',
  }));
}

/** `implementation "g:a:1.0"`, `implementation("g:a:$version")`: versions written through variables resolved. */
function gradlePackages(text: string, values: GradleValues): Package[] {
  const configurations =
    '(?:implementation|api|compileOnly|runtimeOnly|kapt|ksp|annotationProcessor|testImplementation|androidTestImplementation|debugImplementation|releaseImplementation|classpath)';
  const pattern = new RegExp(`^[ \\t]*${configurations}[ \\t]*(?:\\([ \\t]*)?(["'])([\\w.-]+:[\\w.-]+):([^"'@\\n]+)\\1`, 'gm');
  return [...text.matchAll(pattern)].map((match) => {
    const written = match[3]!;
    const version = written.includes('$') ? (resolveGradle(`"${written}"`, values) ?? written) : written;
    return { name: match[2]!, version };
  });
}

/** `[dependencies]` (and dev-, build-): `bevy = "0.14"` or `bevy = { version = "0.14", features = […] }`. */
export function cargoPackages(text: string): Package[] {
  const packages: Package[] = [];
  let inDependencies = false;
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) {
      inDependencies = /(^|\.)(dev-|build-)?dependencies$/.test(header[1]!.trim());
      continue;
    }
    if (!inDependencies) continue;
    const entry = /^\s*([\w-]+)\s*=\s*(.+)$/.exec(line);
    if (!entry) continue;
    const version =
      /^"([^"]+)"/.exec(entry[2]!)?.[1] ?? /version\s*=\s*"([^"]+)"/.exec(entry[2]!)?.[1] ?? (/path\s*=/.test(entry[2]!) ? 'local' : 'any');
    packages.push({ name: entry[1]!, version });
  }
  return packages;
}

/** `<PackageReference Include="MonoGame.Framework.DesktopGL" Version="3.8.1.303" />`, either attribute order. */
export function nugetPackages(text: string): Package[] {
  return [...text.matchAll(/<PackageReference\b([^>]*)>/g)].flatMap((match) => {
    const name = /Include="([^"]+)"/.exec(match[1]!)?.[1];
    if (!name) return [];
    return [{ name, version: /Version="([^"]+)"/.exec(match[1]!)?.[1] ?? 'any' }];
  });
}
