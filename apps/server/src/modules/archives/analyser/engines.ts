import { ENGINES, type Engine, type InsideEngine, type InsideFact } from '@market/contracts';
import { gradleValues, isGradleValueFile, resolveGradle } from './gradle.js';
import { baseName, type TextFiles } from './text-files.js';

export { baseName, type TextFiles } from './text-files.js';

const DETECTOR_FILES = new Set([
  'ProjectVersion.txt',
  'manifest.json',
  'build.gradle',
  'build.gradle.kts',
  'gradle-wrapper.properties',
  'libs.versions.toml',
  'project.pbxproj',
  'Podfile',
  'pubspec.yaml',
  'package.json',
  'project.godot',
  'project.json',
]);

/** Whether the engine, SDK or manifest readers need this file's text. */
export function isDetectorFile(path: string): boolean {
  return DETECTOR_FILES.has(baseName(path)) || path.endsWith('.uproject') || isGradleValueFile(path);
}

/** Engines and SDKs stated by the archive's files, in ENGINES order (the first is the product's engine). */
export function detectEngines(files: TextFiles): InsideEngine[] {
  const found = [unity, unreal, godot, cocos, flutter, reactNative, android, ios].flatMap((detect) => detect(files) ?? []);
  return found.sort((a, b) => ENGINES.indexOf(a.engine) - ENGINES.indexOf(b.engine));
}

/** Files whose name (or path end, for "ProjectSettings/ProjectVersion.txt") matches, shortest path first. */
function filesEndingWith(files: TextFiles, ending: string | RegExp): Array<[string, string]> {
  const matches = (path: string) => (typeof ending === 'string' ? path === ending || path.endsWith(`/${ending}`) : ending.test(path));
  return [...files].filter(([path]) => matches(path)).sort(([a], [b]) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

function firstMatch(text: string, pattern: RegExp): string | null {
  return pattern.exec(text)?.[1]?.trim() ?? null;
}

function finding(engine: Engine, file: string, version: string | null, facts: Array<InsideFact | null>): InsideEngine {
  return { engine, version, file, facts: facts.filter((known): known is InsideFact => known !== null) };
}

function fact(label: string, value: string | null, file: string): InsideFact | null {
  return value ? { label, value, file } : null;
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const RENDER_PIPELINES: Record<string, string> = {
  'com.unity.render-pipelines.universal': 'Universal (URP)',
  'com.unity.render-pipelines.high-definition': 'High Definition (HDRP)',
};

function unity(files: TextFiles): InsideEngine | null {
  const [versionFile] = filesEndingWith(files, 'ProjectSettings/ProjectVersion.txt');
  if (!versionFile) return null;
  const [file, text] = versionFile;
  const root = file.slice(0, -'ProjectSettings/ProjectVersion.txt'.length);
  const manifestPath = `${root}Packages/manifest.json`;
  const dependencies = record(parseJson(files.get(manifestPath) ?? '')?.dependencies);
  const pipeline = Object.keys(dependencies).find((name) => name in RENDER_PIPELINES);
  return finding('Unity', file, firstMatch(text, /m_EditorVersion:\s*(\S+)/), [
    fact('Editor', firstMatch(text, /m_EditorVersion:\s*(\S+)/), file),
    fact('Render pipeline', pipeline ? RENDER_PIPELINES[pipeline]! : files.has(manifestPath) ? 'Built-in' : null, manifestPath),
    fact(
      'Input System',
      typeof dependencies['com.unity.inputsystem'] === 'string' ? dependencies['com.unity.inputsystem'] : null,
      manifestPath,
    ),
  ]);
}

function unreal(files: TextFiles): InsideEngine | null {
  const [project] = filesEndingWith(files, /\.uproject$/);
  if (!project) return null;
  const [file, text] = project;
  const association = parseJson(text)?.EngineAssociation;
  const version = typeof association === 'string' && association ? association : null;
  return finding('Unreal', file, version, [fact('Engine association', version, file)]);
}

function godot(files: TextFiles): InsideEngine | null {
  const [project] = filesEndingWith(files, 'project.godot');
  if (!project) return null;
  const [file, text] = project;
  const features = firstMatch(text, /config\/features\s*=\s*PackedStringArray\(\s*"([\d.]+)"/);
  const configVersion = firstMatch(text, /^config_version\s*=\s*(\d+)/m);
  // Godot 3 writes config_version=4 and no feature list; Godot 4 writes 5 and names its version.
  const version = features ?? (configVersion === '4' ? '3.x' : null);
  return finding('Godot', file, version, [
    fact('Engine', version, file),
    fact(
      'Renderer',
      firstMatch(text, /config\/features\s*=\s*PackedStringArray\([^)]{0,200}"(Forward Plus|Mobile|GL Compatibility)"/),
      file,
    ),
    fact('Project name', firstMatch(text, /^config\/name\s*=\s*"([^"]*)"/m), file),
  ]);
}

function cocos(files: TextFiles): InsideEngine | null {
  for (const [file, text] of filesEndingWith(files, 'package.json')) {
    const creator = record(parseJson(text)?.creator);
    if (typeof creator.version === 'string') return finding('Cocos', file, creator.version, [fact('Cocos Creator', creator.version, file)]);
  }
  for (const [file, text] of filesEndingWith(files, 'project.json')) {
    const project = parseJson(text);
    if (typeof project?.engine === 'string' && project.engine.startsWith('cocos')) {
      const version = typeof project.version === 'string' ? project.version : null;
      return finding('Cocos', file, version, [fact('Engine', project.engine, file), fact('Cocos Creator', version, file)]);
    }
  }
  return null;
}

function flutter(files: TextFiles): InsideEngine | null {
  for (const [file, text] of filesEndingWith(files, 'pubspec.yaml')) {
    if (!/^[ \t]+flutter:[ \t]*\r?$/m.test(text) && !/sdk:\s*flutter/.test(text)) continue;
    const environment = yamlSection(text, 'environment');
    const flutterVersion = unquote(environment.get('flutter') ?? null);
    return finding('Flutter', file, flutterVersion, [
      fact('Flutter', flutterVersion, file),
      fact('Dart SDK', unquote(environment.get('sdk') ?? null), file),
    ]);
  }
  return null;
}

function reactNative(files: TextFiles): InsideEngine | null {
  for (const [file, text] of filesEndingWith(files, 'package.json')) {
    const json = parseJson(text);
    const version = record(json?.dependencies)['react-native'];
    if (typeof version !== 'string') continue;
    const react = record(json?.dependencies).react;
    const expo = record(json?.dependencies).expo;
    return finding('React Native', file, version, [
      fact('React Native', version, file),
      fact('React', typeof react === 'string' ? react : null, file),
      fact('Expo', typeof expo === 'string' ? expo : null, file),
    ]);
  }
  return null;
}

/** `compileSdk 34`, `compileSdk = libs.versions.compileSdk.get().toInt()`, `compileSdkVersion(rootProject.ext.x)`, `defaultConfig.minSdk = 21`. */
const sdkSetting = (name: string) =>
  new RegExp(
    `^[ \\t]*(?:[\\w.]+\\.)?${name}(?:Version)?\\b(?:[ \\t]*\\([ \\t]*([^\\n]{1,160}?)[ \\t]*\\)|[ \\t]*=[ \\t]*([^\\n]{1,160}?)|[ \\t]+([^\\n=]{1,160}?))[ \\t]*$`,
    'm',
  );

/** The expression a setting is given, however it is written. */
function settingExpression(text: string, name: string): string | null {
  const match = sdkSetting(name).exec(text);
  return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
}

const ANDROID_APPLICATION =
  /com\.android\.application|plugins\.android\.application|android\.application|apply plugin:\s*['"]com\.android\.application/;

function android(files: TextFiles): InsideEngine | null {
  const scripts = filesEndingWith(files, /(^|\/)build\.gradle(\.kts)?$/);
  const conventions = [...files].filter(([path]) => isGradleValueFile(path) && /\.(kt|kts|gradle|groovy)$/.test(path));
  const values = gradleValues(files);
  const androidScripts = [...scripts, ...conventions].filter(([, text]) =>
    /\bandroid\s*\{|\bcompileSdk|ApplicationExtension|CommonExtension/.test(text),
  );
  if (androidScripts.length === 0) return null;
  const appModule =
    androidScripts.find(([, text]) => ANDROID_APPLICATION.test(text) && sdkSetting('compileSdk').test(text)) ??
    androidScripts.find(([, text]) => sdkSetting('compileSdk').test(text)) ??
    androidScripts[0]!;
  /** A setting's value from the app module first, then any convention plugin or module that states it. */
  const setting = (name: string): InsideFact | null => {
    for (const [path, text] of [appModule, ...androidScripts.filter((script) => script !== appModule)]) {
      const expression = settingExpression(text, name);
      if (!expression) continue;
      const value = resolveGradle(expression, values);
      if (value && /^\d+$/.test(value)) return fact(name, value, path);
    }
    return null;
  };
  const compileSdk = setting('compileSdk');
  const catalog = values.catalog;
  const wrapper = filesEndingWith(files, 'gradle/wrapper/gradle-wrapper.properties')[0];
  const pluginVersion = (label: string, pattern: RegExp, pluginIds: RegExp, versionKey: RegExp): InsideFact | null => {
    for (const [path, gradle] of scripts) {
      const expression = firstMatch(gradle, pattern);
      const version = expression && resolveGradle(expression.includes('$') ? `"${expression}"` : expression, values);
      if (version) return fact(label, version, path);
    }
    if (!catalog) return null;
    const plugin = catalog.plugins.find((entry) => pluginIds.test(entry.name) && /^\d/.test(entry.version));
    const version = plugin?.version ?? [...catalog.versions].find(([key]) => versionKey.test(key))?.[1];
    return version ? fact(label, version, catalog.file) : null;
  };
  const agp = pluginVersion(
    'Android Gradle Plugin',
    /(?:com\.android\.tools\.build:gradle:|id\s*(?:\(\s*)?["']com\.android\.(?:application|library)["']\s*(?:\)\s*)?version\s*)["']?([$\w.{}-]+)/,
    /^com\.android\.(application|library)$/,
    /^(agp|androidgradleplugin|android\.gradle\.plugin|android\.gradleplugin|androidgradle|gradleplugin)$/,
  );
  const kotlin = pluginVersion(
    'Kotlin',
    /(?:kotlin-gradle-plugin:|id\s*(?:\(\s*)?["']org\.jetbrains\.kotlin\.[\w.]+["']\s*(?:\)\s*)?version\s*|kotlin_version\s*=\s*)["']?([$\w.{}-]+)/,
    /^org\.jetbrains\.kotlin\.(android|jvm|multiplatform)$/,
    /^kotlin$/,
  );
  return finding('Android', compileSdk?.file ?? appModule[0], compileSdk ? `API ${compileSdk.value}` : null, [
    compileSdk,
    setting('targetSdk'),
    setting('minSdk'),
    agp,
    wrapper ? fact('Gradle wrapper', firstMatch(wrapper[1], /gradle-([\d.]+[\w.-]*?)-(?:bin|all)\.zip/), wrapper[0]) : null,
    kotlin,
    catalog
      ? fact(
          'Version catalog',
          `${catalog.libraries.length} ${catalog.libraries.length === 1 ? 'library' : 'libraries'}, ${catalog.plugins.length} ${catalog.plugins.length === 1 ? 'plugin' : 'plugins'}, ${catalog.bundles} ${catalog.bundles === 1 ? 'bundle' : 'bundles'}`,
          catalog.file,
        )
      : null,
  ]);
}

function ios(files: TextFiles): InsideEngine | null {
  const [project] = filesEndingWith(files, /\.xcodeproj\/project\.pbxproj$/);
  const [podfile] = filesEndingWith(files, 'Podfile');
  if (!project && !podfile) return null;
  const deploymentTarget = project ? firstMatch(project[1], /IPHONEOS_DEPLOYMENT_TARGET = ([\d.]+);/) : null;
  const podPlatform = podfile ? firstMatch(podfile[1], /^[ \t]*platform[ \t]+:ios,[ \t]*['"]([\d.]+)['"]/m) : null;
  const file = project?.[0] ?? podfile![0];
  return finding('iOS', file, deploymentTarget ?? podPlatform, [
    project ? fact('Deployment target', deploymentTarget, project[0]) : null,
    project ? fact('Swift', firstMatch(project[1], /SWIFT_VERSION = ([\d.]+);/), project[0]) : null,
    podfile ? fact('Podfile platform', podPlatform, podfile[0]) : null,
  ]);
}

/** The `key: value` lines right under a top-level YAML key (pubspec files are this simple). */
export function yamlSection(text: string, section: string): Map<string, string> {
  const entries = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trimEnd() === `${section}:`);
  if (start === -1) return entries;
  let indent: number | null = null;
  for (const line of lines.slice(start + 1)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const depth = line.length - line.trimStart().length;
    if (depth === 0) break;
    indent ??= depth;
    if (depth !== indent) continue;
    const match = /^\s*([\w.-]+):\s*(.*)$/.exec(line);
    if (match) entries.set(match[1]!, match[2]!.trim());
  }
  return entries;
}

export function unquote(value: string | null): string | null {
  const unquoted = value?.replace(/^['"]|['"]$/g, '').trim();
  return unquoted || null;
}
