import { ENGINES, type Engine, type InsideEngine, type InsideFact } from '@market/contracts';
import { ANDROID_GRADLE_PLUGIN, buildToolVersion, gradleValues, isGradleValueFile, KOTLIN_GRADLE_PLUGIN, resolveGradle } from './gradle.js';
import { LOCK_FILES, lockedVersions, pubLockSdks } from './locks.js';
import { cargoPackages, nugetPackages } from './manifests.js';
import { baseName, type TextFiles, unquote, yamlSection } from './text-files.js';

export { baseName, type TextFiles, unquote, yamlSection } from './text-files.js';

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
  'game.project',
  'Cargo.toml',
]);

/** Whether the engine, SDK or manifest readers need this file's text. */
export function isDetectorFile(path: string): boolean {
  const name = baseName(path);
  return (
    DETECTOR_FILES.has(name) ||
    LOCK_FILES.has(name) ||
    /\.(uproject|yyp|csproj)$/.test(name) ||
    WEB_ENGINE_BUILDS.some(({ file }) => file.test(name)) ||
    isGradleValueFile(path)
  );
}

/** Engines and SDKs stated by the archive's files, in ENGINES order (the first is the product's engine). */
export function detectEngines(files: TextFiles, paths: readonly string[] = [...files.keys()]): InsideEngine[] {
  const detectors = [unity, unreal, godot, cocos, defold, gameMaker, bevy, libGdx, monoGame, flutter, reactNative, android, ios];
  const found = [...detectors.flatMap((detect) => detect(files) ?? []), ...webEngines(files, paths)];
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
    fact('Renderer', godotRenderer(text, version), file),
    fact('Project name', firstMatch(text, /^config\/name\s*=\s*"([^"]*)"/m), file),
  ]);
}

const GODOT_RENDERERS: Record<string, string> = {
  forward_plus: 'Forward+',
  'Forward Plus': 'Forward+',
  mobile: 'Mobile',
  Mobile: 'Mobile',
  gl_compatibility: 'Compatibility',
  'GL Compatibility': 'Compatibility',
};

/**
 * Godot 4's renderer: `renderer/rendering_method` when set, else the feature list's tag; a project
 * that keeps the default writes neither, and renders with Forward+. Godot 3 chose GLES2 or GLES3.
 */
function godotRenderer(text: string, version: string | null): string | null {
  const method = firstMatch(text, /^renderer\/rendering_method\s*=\s*"([\w]+)"/m);
  const feature = firstMatch(text, /config\/features\s*=\s*PackedStringArray\([^)]{0,200}"(Forward Plus|Mobile|GL Compatibility)"/);
  const named = (method && GODOT_RENDERERS[method]) ?? (feature && GODOT_RENDERERS[feature]);
  if (named) return named;
  if (version?.startsWith('4')) return 'Forward+ (default)';
  if (version === '3.x') return firstMatch(text, /^quality\/driver\/driver_name\s*=\s*"(GLES2|GLES3)"/m) ?? 'GLES3 (default)';
  return null;
}

/** Defold: `game.project`, an INI file naming the project and its main collection. */
function defold(files: TextFiles): InsideEngine | null {
  const [project] = filesEndingWith(files, 'game.project');
  if (!project || !/^\[bootstrap\]/m.test(project[1])) return null;
  const [file, text] = project;
  return finding('Defold', file, null, [
    fact('Project name', firstMatch(text, /^title\s*=\s*(.+)$/m), file),
    fact('Main collection', firstMatch(text, /^main_collection\s*=\s*(.+)$/m), file),
  ]);
}

/** GameMaker: the `.yyp` project, whose metadata names the IDE version that saved it. */
function gameMaker(files: TextFiles): InsideEngine | null {
  const [project] = filesEndingWith(files, /\.yyp$/);
  if (!project) return null;
  const [file, text] = project;
  const version = firstMatch(text, /"IDEVersion"\s*:\s*"([\d.]+)"/);
  return finding('GameMaker', file, version, [fact('IDE', version, file)]);
}

/** Bevy: a `bevy` dependency in Cargo.toml, exact from Cargo.lock beside it. */
function bevy(files: TextFiles): InsideEngine | null {
  for (const [file, text] of filesEndingWith(files, 'Cargo.toml')) {
    const dependency = cargoPackages(text).find((entry) => entry.name === 'bevy');
    if (!dependency) continue;
    const locked = lockedVersions(files, file).get('bevy');
    return finding('Bevy', file, locked ?? dependency.version, [
      fact('Bevy', dependency.version, file),
      fact('Locked', locked ?? null, file),
    ]);
  }
  return null;
}

/** libGDX: `gdxVersion` in gradle.properties or the build's ext, or a `com.badlogicgames.gdx:gdx` dependency. */
function libGdx(files: TextFiles): InsideEngine | null {
  const scripts = filesEndingWith(files, /(^|\/)build\.gradle(\.kts)?$/);
  const using = scripts.find(([, text]) => /com\.badlogicgames\.gdx:gdx/.test(text));
  if (!using) return null;
  const values = gradleValues(files);
  const written = firstMatch(using[1], /com\.badlogicgames\.gdx:gdx:([^"'\s]+)["']/);
  const version = (written && resolveGradle(`"${written}"`, values)) ?? resolveGradle('gdxVersion', values);
  const [properties] = filesEndingWith(files, 'gradle.properties');
  return finding('libGDX', using[0], version, [
    fact('libGDX', version, properties && /gdxVersion/.test(properties[1]) ? properties[0] : using[0]),
  ]);
}

/**
 * MonoGame: MonoGame.Framework.<Platform> packages in .csproj files. A cross-platform game has a
 * project per platform; its version and target framework are read from the desktop one (DesktopGL,
 * the platform its samples and templates start from), an application before a shared library.
 */
function monoGame(files: TextFiles): InsideEngine | null {
  const projects = filesEndingWith(files, /\.csproj$/).flatMap(([file, text]) => {
    const framework = nugetPackages(text).find((entry) => entry.name.startsWith('MonoGame.Framework.'));
    return framework ? [{ file, text, framework, platform: framework.name.slice('MonoGame.Framework.'.length) }] : [];
  });
  const rank = (project: (typeof projects)[number]) =>
    (project.platform === 'DesktopGL' ? 0 : 2) + (/<OutputType>\s*(Win)?Exe\s*</i.test(project.text) ? 0 : 1);
  const main = [...projects].sort((a, b) => rank(a) - rank(b))[0];
  if (!main) return null;
  const others = [...new Set(projects.map((project) => project.platform))]
    .filter((platform) => platform !== main.platform)
    .sort((a, b) => a.localeCompare(b));
  return finding('MonoGame', main.file, main.framework.version, [
    fact(others.length > 0 ? 'Platforms' : 'Platform', [main.platform, ...others].join(', '), main.file),
    fact('Target framework', firstMatch(main.text, /<TargetFramework>([^<]+)<\/TargetFramework>/), main.file),
  ]);
}

/** HTML5 engines: an npm dependency (exact from the lock file), or the engine's own build copied into the project. */
const WEB_ENGINE_BUILDS: ReadonlyArray<{ engine: Engine; packages: readonly string[]; file: RegExp; banner: RegExp }> = [
  {
    engine: 'Phaser',
    packages: ['phaser', 'phaser-ce'],
    file: /^phaser(\.min)?\.js$/i,
    banner: /Phaser v?([\d.]+)|VERSION:\s*["']([\d.]+)/,
  },
  {
    engine: 'PixiJS',
    packages: ['pixi.js', 'pixi.js-legacy', '@pixi/core'],
    file: /^pixi(\.min)?\.(m?js)$/i,
    banner: /pixi\.js - v([\d.]+)/,
  },
  { engine: 'Three.js', packages: ['three'], file: /^three(\.module)?(\.min)?\.(m?js)$/i, banner: /REVISION\s*=\s*["'](\d+)/ },
  {
    engine: 'Babylon.js',
    packages: ['@babylonjs/core', 'babylonjs'],
    file: /^babylon(\.max)?\.js$/i,
    banner: /Version\s*\(\)\s*\{\s*return\s*"([\d.]+)"|"([\d]+\.[\d]+\.[\d]+)"/,
  },
];

function webEngines(files: TextFiles, paths: readonly string[]): InsideEngine[] {
  const found: InsideEngine[] = [];
  const manifests = filesEndingWith(files, 'package.json');
  for (const { engine, packages, file: buildName, banner } of WEB_ENGINE_BUILDS) {
    const fromNpm = manifests.flatMap(([file, text]) => {
      const json = parseJson(text);
      const dependencies = { ...record(json?.devDependencies), ...record(json?.dependencies) };
      const name = packages.find((candidate) => typeof dependencies[candidate] === 'string');
      return name ? [{ file, name, range: dependencies[name] as string }] : [];
    })[0];
    if (fromNpm) {
      const locked = lockedVersions(files, fromNpm.file).get(fromNpm.name) ?? null;
      found.push(
        finding(engine, fromNpm.file, locked ?? fromNpm.range, [
          fact(fromNpm.name, fromNpm.range, fromNpm.file),
          fact('Locked', locked, fromNpm.file),
        ]),
      );
      continue;
    }
    const build = paths.filter((path) => buildName.test(baseName(path))).sort((a, b) => a.length - b.length)[0];
    if (!build) continue;
    const text = files.get(build);
    const match = text ? banner.exec(text.slice(0, 200_000)) : null;
    const version = match ? (match[1] ?? match[2] ?? null) : null;
    found.push(finding(engine, build, version, [fact('Build', version ?? 'version not stated', build)]));
  }
  return found;
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
    // No file pins the Flutter SDK; the lock names the least one its resolved packages need.
    const lockPath = `${file.slice(0, file.length - 'pubspec.yaml'.length)}pubspec.lock`;
    const lock = files.get(lockPath);
    const lockSdks = lock === undefined ? new Map<string, string>() : pubLockSdks(lock);
    return finding('Flutter', file, flutterVersion, [
      fact('Flutter', flutterVersion, file),
      fact('Dart SDK', unquote(environment.get('sdk') ?? null), file),
      fact('Locked packages need Flutter', lockSdks.get('flutter') ?? null, lockPath),
      fact('Locked packages need Dart', lockSdks.get('dart') ?? null, lockPath),
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
    const locked = lockedVersions(files, file).get('react-native') ?? null;
    return finding('React Native', file, locked ?? version, [
      fact('React Native', version, file),
      fact('Locked', locked, file),
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
  const toolVersion = (label: string, tool: typeof ANDROID_GRADLE_PLUGIN): InsideFact | null => {
    const declared = buildToolVersion(tool, scripts, values);
    return declared ? fact(label, declared.version, declared.file) : null;
  };
  const agp = toolVersion('Android Gradle Plugin', ANDROID_GRADLE_PLUGIN);
  const kotlin = toolVersion('Kotlin', KOTLIN_GRADLE_PLUGIN);
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
  const podLockPath = podfile ? `${podfile[0].slice(0, podfile[0].length - 'Podfile'.length)}Podfile.lock` : null;
  const podLock = podLockPath ? files.get(podLockPath) : undefined;
  return finding('iOS', file, deploymentTarget ?? podPlatform, [
    project ? fact('Deployment target', deploymentTarget, project[0]) : null,
    project ? fact('Swift', firstMatch(project[1], /SWIFT_VERSION = ([\d.]+);/), project[0]) : null,
    podfile ? fact('Podfile platform', podPlatform, podfile[0]) : null,
    podLock !== undefined && podLockPath ? fact('CocoaPods', firstMatch(podLock, /^COCOAPODS:[ \t]*([\d.]+\S*)/m), podLockPath) : null,
  ]);
}
