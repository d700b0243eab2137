import { baseName, type TextFiles } from './text-files.js';

/**
 * Android builds as they are written today: values in a version catalog
 * (`gradle/libs.versions.toml`), in `ext {}` blocks and `extra`, in gradle.properties and in
 * `buildSrc` / `build-logic` constants, referred to from Groovy or Kotlin DSL build scripts.
 */

/** Files a Gradle build takes its values from, beside the build scripts. */
export function isGradleValueFile(path: string): boolean {
  const name = baseName(path);
  if (name === 'gradle.properties' || name.endsWith('.versions.toml')) return true;
  return /(^|\/)(buildSrc|build-logic|gradle\/plugins)\/.*\.(kt|kts|gradle|groovy)$/.test(path) && !/\/build\//.test(path);
}

export interface CatalogEntry {
  name: string;
  version: string;
}

export interface VersionCatalog {
  file: string;
  versions: ReadonlyMap<string, string>;
  libraries: CatalogEntry[];
  plugins: CatalogEntry[];
  bundles: number;
}

/** Gradle's accessor name for a catalog alias: `androidx-core_ktx` and `androidx.core.ktx` are the same. */
const aliasKey = (alias: string) => alias.replace(/[-_.]/g, '.').toLowerCase();

const MAX_CATALOG_LINES = 5_000;

/** A version catalog's tables, read line by line (inline tables are one line by TOML's rule; arrays may run on). */
export function readVersionCatalog(file: string, text: string): VersionCatalog {
  const versions = new Map<string, string>();
  const rawLibraries: Array<[string, string]> = [];
  const rawPlugins: Array<[string, string]> = [];
  let bundles = 0;
  let section = '';
  let openArray = false;
  for (const rawLine of text.split(/\r?\n/).slice(0, MAX_CATALOG_LINES)) {
    const line = rawLine.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    if (openArray) {
      if (line.includes(']')) openArray = false;
      continue;
    }
    const header = /^\[([\w.-]+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const entry = /^["']?([\w.-]+)["']?\s*=\s*(.+)$/.exec(line);
    if (!entry) continue;
    const [, alias, value] = entry as unknown as [string, string, string];
    if (section === 'versions') versions.set(aliasKey(alias), versionIn(value) ?? value);
    else if (section === 'libraries') rawLibraries.push([alias, value]);
    else if (section === 'plugins') rawPlugins.push([alias, value]);
    else if (section === 'bundles') {
      bundles++;
      if (value.startsWith('[') && !value.includes(']')) openArray = true;
    }
  }
  const versionOf = (value: string): string => {
    const ref = /version\.ref\s*=\s*"([^"]+)"|version\s*=\s*\{\s*ref\s*=\s*"([^"]+)"/.exec(value);
    if (ref) return versions.get(aliasKey(ref[1] ?? ref[2]!)) ?? 'unresolved';
    return versionIn(value.replace(/^.*?\bversion\s*=\s*/, '')) ?? 'managed';
  };
  const libraries = rawLibraries.map(([alias, value]): CatalogEntry => {
    const notation = /^"([^":]+:[^":]+)(?::([^"]+))?"$/.exec(value);
    if (notation) return { name: notation[1]!, version: notation[2] ?? 'managed' };
    const module = /module\s*=\s*"([^"]+)"/.exec(value)?.[1];
    const group = /group\s*=\s*"([^"]+)"/.exec(value)?.[1];
    const name = /\bname\s*=\s*"([^"]+)"/.exec(value)?.[1];
    return { name: module ?? (group && name ? `${group}:${name}` : alias), version: versionOf(value) };
  });
  const plugins = rawPlugins.map(([alias, value]): CatalogEntry => {
    const notation = /^"([^":]+)(?::([^"]+))?"$/.exec(value);
    if (notation) return { name: notation[1]!, version: notation[2] ?? 'managed' };
    return { name: /id\s*=\s*"([^"]+)"/.exec(value)?.[1] ?? alias, version: versionOf(value) };
  });
  return { file, versions, libraries, plugins, bundles };
}

/** `"1.2.3"`, `{ strictly = "1.2.3" }`, `{ require = "1.2" }`, `{ prefer = … }`. */
function versionIn(value: string): string | null {
  const quoted = /^"([^"]*)"/.exec(value.trim());
  if (quoted) return quoted[1]!;
  return /\b(?:strictly|require|prefer)\s*=\s*"([^"]+)"/.exec(value)?.[1] ?? null;
}

/** Where a build's named values are defined, by name: what `rootProject.ext.compileSdk` or `Versions.kotlin` refer to. */
export interface GradleValues {
  catalog: VersionCatalog | null;
  named: ReadonlyMap<string, string>;
}

const DEFINITIONS = [
  // ext.kotlin_version = '1.9.0', project.ext.x = …, rootProject.ext.x = …
  /^\s*(?:(?:root)?[Pp]roject\.)?ext\.(\w+)\s*=\s*(.+)$/,
  // extra["x"] = …, extra.set("x", …), ext.set('x', …), set("x", …) inside ext {}
  /^\s*(?:(?:root)?[Pp]roject\.)?(?:extra|ext)\[["'](\w+)["']\]\s*=\s*(.+)$/,
  /^\s*(?:(?:(?:root)?[Pp]roject\.)?(?:extra|ext)\.)?set\(\s*["'](\w+)["']\s*,\s*(.+?)\s*\)\s*$/,
  // val x by extra(…)
  /^\s*val\s+(\w+)\s+by\s+extra\((.+)\)\s*$/,
  // const val x = …, val x = …, var x = …, def x = …, static final x = …
  /^\s*(?:(?:private|internal|public)\s+)?(?:const\s+val|val|var|def|static\s+final(?:\s+\w+)?|final\s+\w+)\s+(\w+)(?:\s*:\s*\w+)?\s*=\s*(.+)$/,
];

/** Collects every named value the build defines; the first definition of a name wins, root files first. */
export function gradleValues(files: TextFiles): GradleValues {
  const named = new Map<string, string>();
  let catalog: VersionCatalog | null = null;
  const ordered = [...files].sort(([a], [b]) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  for (const [file, text] of ordered) {
    const name = baseName(file);
    if (name === 'libs.versions.toml') catalog ??= readVersionCatalog(file, text);
    if (name === 'gradle.properties') {
      for (const match of text.matchAll(/^[ \t]*([\w.-]+)[ \t]*[=:][ \t]*(.*?)[ \t]*$/gm))
        if (!named.has(match[1]!)) named.set(match[1]!, match[2]!);
      continue;
    }
    if (!/\.(gradle|kts|kt|groovy)$/.test(name)) continue;
    let extDepth = 0;
    for (const line of text.split(/\r?\n/)) {
      const trimmed = line.replace(/\/\/.*$/, '');
      if (extDepth > 0) {
        // Inside ext { … }: `x = 1`, and maps `versions = [ compileSdk: 34, … ]` whose keys are looked up by their last part.
        const assignment = /^\s*(\w+)\s*=\s*(.+)$/.exec(trimmed);
        if (assignment && !named.has(assignment[1]!)) named.set(assignment[1]!, assignment[2]!.trim());
        for (const entry of trimmed.matchAll(/(\w+)\s*:\s*("[^"]*"|'[^']*'|\d+)/g))
          if (!named.has(entry[1]!)) named.set(entry[1]!, entry[2]!);
      }
      for (const pattern of DEFINITIONS) {
        const definition = pattern.exec(trimmed);
        if (definition && !named.has(definition[1]!)) {
          named.set(definition[1]!, definition[2]!.trim().replace(/[,;]$/, ''));
          break;
        }
      }
      if (/^\s*(?:(?:root)?[Pp]roject\.)?ext\s*\{/.test(trimmed)) extDepth = 1;
      else if (extDepth > 0) extDepth += (trimmed.match(/\{|\[/g)?.length ?? 0) - (trimmed.match(/\}|\]/g)?.length ?? 0);
      if (extDepth < 0) extDepth = 0;
    }
  }
  return { catalog, named };
}

const MAX_RESOLVE_DEPTH = 5;

/**
 * What a Gradle expression stands for, followed through catalog, ext, extra, properties and
 * constants: `libs.versions.compileSdk.get().toInt()`, `rootProject.ext.compileSdkVersion`,
 * `property("android.minSdk")`, `Versions.kotlin`, `"$kotlin_version"`. Null when it leads elsewhere
 * (Flutter's `flutter.compileSdkVersion` is the Flutter SDK's own default).
 */
export function resolveGradle(expression: string, values: GradleValues, depth = 0): string | null {
  if (depth > MAX_RESOLVE_DEPTH) return null;
  const expr = expression
    .trim()
    .replace(/\s*(\/\/|#).*$/, '')
    .replace(/[,;]$/, '')
    .replace(/^Integer\.parseInt\((.+)\)$/, '$1')
    .replace(/^JavaVersion\.VERSION_(\d+)(?:_(\d+))?$/, (_match, major: string, minor?: string) => `${major}${minor ? `.${minor}` : ''}`)
    .replace(/(\.(get|toInt|toInteger|toString|orNull)\(\)|\s+as\s+\w+\??)+$/g, '')
    .replace(/^\((.+)\)$/, '$1')
    .trim();
  if (/^-?\d+(\.\d+)*[\w.-]*$/.test(expr)) return expr;
  const quoted = /^(["'])(.*)\1$/.exec(expr);
  if (quoted) return interpolate(quoted[2]!, values, depth);
  const catalogRef = /^libs\.versions\.([\w.]+)$|^libs\.findVersion\(\s*"([\w.-]+)"\s*\)$/.exec(expr);
  if (catalogRef) return values.catalog?.versions.get(aliasKey(catalogRef[1] ?? catalogRef[2]!)) ?? null;
  const byKey =
    /^(?:(?:root)?[Pp]roject\.)?(?:(?:extra|ext|properties)\[|(?:find)?[Pp]roperty\(|providers\.gradleProperty\()\s*["']([\w.-]+)["']\s*[\])]$/.exec(
      expr,
    );
  const name = byKey?.[1] ?? /^(?:[\w]+\.)*(\w+)$/.exec(expr)?.[1];
  if (!name) return null;
  const definition = values.named.get(name);
  return definition === undefined ? null : resolveGradle(definition, values, depth + 1);
}

/** `"com.squareup.retrofit2:retrofit:$retrofit_version"`: every `$name` and `${…}` resolved, or null. */
function interpolate(text: string, values: GradleValues, depth: number): string | null {
  let unresolved = false;
  const result = text.replace(/\$\{([^}]+)\}|\$(\w+(?:\.\w+)*)/g, (_match, braced?: string, bare?: string) => {
    const value = resolveGradle(braced ?? bare!, values, depth + 1);
    if (value === null) unresolved = true;
    return value ?? '';
  });
  return unresolved ? null : result;
}
