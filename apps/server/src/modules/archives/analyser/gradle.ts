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
  // `apply from: 'versions.gradle'`: ext values kept in a script of their own, anywhere but build output.
  if (/\.gradle(\.kts)?$/.test(name)) return !/(^|\/)build\//.test(path);
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
  /** Entries by the accessor a build script writes: `libs.android.gradlePlugin`, `libs.plugins.kotlin.android`. */
  byAccessor: ReadonlyMap<string, CatalogEntry>;
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
  const byAccessor = new Map<string, CatalogEntry>();
  const libraries = rawLibraries.map(([alias, value]): CatalogEntry => {
    const entry = libraryEntry(alias, value);
    byAccessor.set(`libs.${aliasKey(alias)}`, entry);
    return entry;
  });
  const plugins = rawPlugins.map(([alias, value]): CatalogEntry => {
    const entry = pluginEntry(alias, value);
    byAccessor.set(`libs.plugins.${aliasKey(alias)}`, entry);
    return entry;
  });
  return { file, versions, libraries, plugins, bundles, byAccessor };

  function libraryEntry(alias: string, value: string): CatalogEntry {
    const notation = /^"([^":]+:[^":]+)(?::([^"]+))?"$/.exec(value);
    if (notation) return { name: notation[1]!, version: notation[2] ?? 'managed' };
    const module = /module\s*=\s*"([^"]+)"/.exec(value)?.[1];
    const group = /group\s*=\s*"([^"]+)"/.exec(value)?.[1];
    const name = /\bname\s*=\s*"([^"]+)"/.exec(value)?.[1];
    return { name: module ?? (group && name ? `${group}:${name}` : alias), version: versionOf(value) };
  }

  function pluginEntry(alias: string, value: string): CatalogEntry {
    const notation = /^"([^":]+)(?::([^"]+))?"$/.exec(value);
    if (notation) return { name: notation[1]!, version: notation[2] ?? 'managed' };
    return { name: /id\s*=\s*"([^"]+)"/.exec(value)?.[1] ?? alias, version: versionOf(value) };
  }
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

/** A Groovy map entry: `agp: '8.1.0'`, `'kotlin': "1.9.0"`, `compileSdk: 34`. */
// Only from a word's start, so a long run of word characters costs one pass, not one per character.
const MAP_ENTRY = /(?<!\w)["']?(\w+)["']?\s*:\s*("[^"]*"|'[^']*'|\d+)/g;

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
    // Maps a script fills entry by entry: `def versions = [:]`, then `versions.agp = '8.1.0'`.
    const maps = new Set<string>();
    /** The map an ext block is writing (`versions = [`), whose entries are also named `versions.agp`. */
    let openMap: string | null = null;
    const define = (key: string, value: string, map: string | null) => {
      if (map !== null && !named.has(`${map}.${key}`)) named.set(`${map}.${key}`, value);
      if (!named.has(key)) named.set(key, value);
    };
    for (const line of text.split(/\r?\n/)) {
      const trimmed = line.replace(/\/\/.*$/, '');
      const emptyMap = /^\s*(?:def\s+|ext\.)(\w+)\s*=\s*\[:\]\s*$/.exec(trimmed);
      if (emptyMap) maps.add(emptyMap[1]!);
      const mapEntry = /^\s*(\w+)\.(\w+)\s*=\s*(.+)$/.exec(trimmed);
      if (mapEntry && maps.has(mapEntry[1]!)) define(mapEntry[2]!, mapEntry[3]!.trim(), mapEntry[1]!);
      if (extDepth > 0) {
        // Inside ext { … }: `x = 1`, and maps `versions = [ compileSdk: 34, … ]` whose keys are looked up by their last part.
        const assignment = /^\s*(\w+)\s*=\s*(.+)$/.exec(trimmed);
        if (assignment && !named.has(assignment[1]!)) named.set(assignment[1]!, assignment[2]!.trim());
        if (assignment?.[2]!.trim().startsWith('[')) openMap = assignment[1]!;
        for (const entry of trimmed.matchAll(MAP_ENTRY)) define(entry[1]!, entry[2]!, openMap);
      }
      for (const pattern of DEFINITIONS) {
        const definition = pattern.exec(trimmed);
        if (definition && !named.has(definition[1]!)) {
          named.set(definition[1]!, definition[2]!.trim().replace(/[,;]$/, ''));
          break;
        }
      }
      // `ext.versions = [ agp: '8.1.0', … ]` opens a map as `ext {` opens a block; a one-line map is read at once.
      const extMap = /^\s*(?:(?:root)?[Pp]roject\.)?ext\.(\w+)\s*=\s*\[(.*)$/.exec(trimmed);
      if (extMap && extDepth === 0) {
        openMap = extMap[1]!;
        for (const entry of extMap[2]!.matchAll(MAP_ENTRY)) define(entry[1]!, entry[2]!, openMap);
        extDepth = Math.max(0, 1 + (extMap[2]!.match(/\[/g)?.length ?? 0) - (extMap[2]!.match(/\]/g)?.length ?? 0));
        continue;
      }
      if (/^\s*(?:(?:root)?[Pp]roject\.)?ext\s*\{/.test(trimmed)) extDepth = 1;
      else if (extDepth > 0) extDepth += (trimmed.match(/\{|\[/g)?.length ?? 0) - (trimmed.match(/\}|\]/g)?.length ?? 0);
      if (extDepth <= 0) {
        extDepth = 0;
        openMap = null;
      }
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
  // `deps.agp` before `agp`: two maps may hold entries of one name (`versions.agp`, the notation `deps.agp`).
  const qualified = byKey ? undefined : /(?:^|\.)(\w+\.\w+)$/.exec(expr)?.[1];
  const definition = (qualified && values.named.get(qualified)) ?? values.named.get(name);
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

/** A build tool whose version a Gradle build declares in one of several places. */
interface BuildTool {
  /** Its Maven module, as a buildscript classpath, buildSrc or build-logic dependency names it. */
  module: string;
  /** Its plugin ids, as a `plugins {}` block or a catalog's [plugins] names them. */
  pluginIds: RegExp;
  /** A literal declaration in a build script; its first group is the version expression. */
  written: RegExp;
  /** Catalog version keys that name it when nothing refers to them (`agp`, `kotlin`). */
  versionKey: RegExp;
}

export const ANDROID_GRADLE_PLUGIN: BuildTool = {
  module: 'com.android.tools.build:gradle',
  pluginIds: /^com\.android\.(application|library|test|dynamic-feature)$/,
  written:
    /(?:com\.android\.tools\.build:gradle:|id\s*(?:\(\s*)?["']com\.android\.(?:application|library)["']\s*(?:\)\s*)?version\s*)["']?([$\w.{}-]+)/,
  versionKey: /^(agp|androidgradleplugin|android\.gradle\.plugin|android\.gradleplugin|androidgradle|gradleplugin)$/,
};

export const KOTLIN_GRADLE_PLUGIN: BuildTool = {
  module: 'org.jetbrains.kotlin:kotlin-gradle-plugin',
  pluginIds: /^org\.jetbrains\.kotlin\.(android|jvm|multiplatform)$/,
  written:
    /(?:kotlin-gradle-plugin:|id\s*(?:\(\s*)?["']org\.jetbrains\.kotlin\.[\w.]+["']\s*(?:\)\s*)?version\s*|kotlin\(\s*"[\w.-]+"\s*\)\s*version\s*|kotlin\(\s*"gradle-plugin"\s*,\s*(?:version\s*=\s*)?|kotlin_version\s*=\s*)["']?([$\w.{}-]+)/,
  versionKey: /^kotlin$/,
};

/** A dependency given by name rather than as a string: `classpath deps.build.gradlePlugin`, `implementation(Deps.agp)`. */
// No two runs of blanks side by side: a line of a megabyte of spaces must cost one pass (hostile-archives.test.ts).
const NAMED_DEPENDENCY =
  /\b(?:implementation|api|compileOnly|runtimeOnly|classpath)[ \t]*(?:\([ \t]*)?((?!libs\.)[A-Za-z_][\w.]*)[ \t]*(?:\)[ \t]*)?$/gm;

/** Catalog accessors where a script uses them as a dependency or plugin: `implementation(libs.android.gradlePlugin)`. */
const CATALOG_USE =
  /\b(?:implementation|api|compileOnly|runtimeOnly|classpath)\s*(?:\(\s*)?(libs\.[\w.]+)|\b(?:alias|id)\s*\(\s*(libs\.plugins\.[\w.]+)/g;

/**
 * The version of the Android Gradle Plugin or of Kotlin a build declares, and the file that states
 * it: a literal or `$variable` in a build script (the root's `buildscript { classpath … }` with its
 * ext values, `plugins { id(…) version … }`, buildSrc's or build-logic's own dependencies), then a
 * catalog entry a build script refers to (`compileOnly(libs.android.gradlePlugin)` in
 * build-logic/convention), then the catalog's entry for the tool by module or plugin id, then a
 * catalog version named after it.
 */
export function buildToolVersion(
  tool: BuildTool,
  scripts: ReadonlyArray<readonly [string, string]>,
  values: GradleValues,
): { version: string; file: string } | null {
  for (const [file, text] of scripts) {
    const expression = tool.written.exec(text)?.[1];
    const version = expression && resolveGradle(expression.includes('$') ? `"${expression}"` : expression, values);
    if (version) return { version, file };
    // `classpath deps.android_gradle_plugin`: a named notation, defined in an ext map or a constant.
    for (const use of text.matchAll(NAMED_DEPENDENCY)) {
      const notation = resolveGradle(use[1]!, values);
      if (notation?.startsWith(`${tool.module}:`)) return { version: notation.slice(tool.module.length + 1), file };
    }
  }
  const catalog = values.catalog;
  if (!catalog) return null;
  const isTool = (entry: CatalogEntry) => entry.name === tool.module || tool.pluginIds.test(entry.name);
  const known = (entry: CatalogEntry | undefined) => (entry && isTool(entry) && /^\d/.test(entry.version) ? entry.version : null);
  for (const [, text] of scripts)
    for (const use of text.matchAll(CATALOG_USE)) {
      const version = known(catalog.byAccessor.get(aliasKey((use[1] ?? use[2]!).replace(/\.get$/, ''))));
      if (version) return { version, file: catalog.file };
    }
  const declared = [...catalog.libraries, ...catalog.plugins].map(known).find((version) => version !== null);
  const version = declared ?? [...catalog.versions].find(([key]) => tool.versionKey.test(key))?.[1];
  return version ? { version, file: catalog.file } : null;
}
