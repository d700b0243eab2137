import { licenceText, makeZip, type ZipFileSpec } from '@market/sample-archives';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseArchive } from './index.js';

interface Project {
  name: string;
  repository: string;
  commit: string;
  standIn: Record<string, unknown> & { kind: string };
  expect: {
    engine: string;
    version: string | null;
    facts: Record<string, string>;
    /** Packages per manifest (its path in the project): how many the analyser lists. */
    packages?: Record<string, number>;
    /** Null for a licence file no SPDX text matches. */
    spdx: Array<string | null>;
    /** Whether the manifest's declared licence agrees with the licence files; null when there are none to compare. */
    declaredAgrees?: boolean | null;
    /** Warnings that are true of the project (a real key it ships), by kind and path; none when absent. */
    warnings?: Array<{ kind: string; path: string }>;
  };
  languages?: {
    /** `github-linguist --json` (7.22.1) on the project's tree at the commit: percent of code bytes. */
    linguist: Record<string, number>;
    /**
     * The project's code at scale: a file per language with its bytes in all, and each folder or file
     * that is not the seller's own code (vendored, generated, documentation) with its bytes.
     */
    files: Array<{ path: string; bytes: number; head?: string; minified?: boolean }>;
  };
}

const { projects } = JSON.parse(readFileSync(new URL('fixtures/real-projects.json', import.meta.url), 'utf8')) as { projects: Project[] };

/** How far a language's share may stand from Linguist's, in percentage points. */
const LANGUAGE_TOLERANCE = 3;

/** Text of a given size in lines of 40 characters, so no rule takes it for minified; or of 400, as minified builds are. */
const filler = (bytes: number, minified = false) => {
  const width = minified ? 400 : 40;
  return `${'x'.repeat(width - 1)}\n`.repeat(Math.floor(bytes / width)) + 'x'.repeat(bytes % width);
};
/** The same, opening with a line of our own that tells its language where the extension does not (a header's). */
const fillerAfter = (head: string | undefined, bytes: number, minified = false) =>
  head ? `${head}\n${filler(bytes - head.length - 1, minified)}` : filler(bytes, minified);

const lines = (count: number, make: (index: number) => string) =>
  `${Array.from({ length: count }, (_, index) => make(index)).join('\n')}\n`;
const wrapper = (version: string) => ({
  name: 'gradle/wrapper/gradle-wrapper.properties',
  content: `distributionUrl=https\\://services.gradle.org/distributions/gradle-${version}-bin.zip\n`,
});

/** What matters in each project, written afresh from the facts the fixture records. */
const STAND_INS: Record<string, (standIn: Record<string, unknown>) => ZipFileSpec[]> = {
  'android-catalog': (s) => {
    const sdkFromCatalog = s.sdkIn === 'catalog';
    const catalog = [
      '[versions]',
      `${String(s.agpKey)} = "${String(s.agp)}"`,
      `kotlin = "${String(s.kotlin)}"`,
      ...(sdkFromCatalog
        ? [`compileSdk = "${String(s.compileSdk)}"`, `minSdk = "${String(s.minSdk)}"`, `targetSdk = "${String(s.targetSdk)}"`]
        : []),
      '',
      '[libraries]',
      lines(Number(s.libraries), (index) => `lib-${index} = { group = "org.example", name = "lib-${index}", version = "1.${index}.0" }`),
      '[bundles]',
      lines(Number(s.bundles), (index) => `bundle-${index} = [\n  "lib-0",\n  "lib-1",\n]`),
      '[plugins]',
      `android-application = { id = "com.android.application", version.ref = "${String(s.agpKey)}" }`,
      `kotlin-android = { id = "org.jetbrains.kotlin.android", version.ref = "kotlin" }`,
      lines(Number(s.plugins) - 2, (index) => `plugin-${index} = { id = "org.example.plugin${index}", version = "1.0.${index}" }`),
    ].join('\n');
    const app = sdkFromCatalog
      ? [
          'plugins {\n    alias(libs.plugins.android.application)\n}',
          'android {',
          '    compileSdk = libs.versions.compileSdk.get().toInt()',
          '    defaultConfig {',
          '        minSdk = libs.versions.minSdk.get().toInt()',
          '        targetSdk = libs.versions.targetSdk.get().toInt()',
          '    }',
          '}',
        ]
      : ['plugins {\n    alias(libs.plugins.app.android.application)\n}', 'android {\n    namespace = "org.example.app"\n}'];
    return [
      { name: 'gradle/libs.versions.toml', content: catalog },
      { name: 'app/build.gradle.kts', content: `${app.join('\n')}\n` },
      ...(sdkFromCatalog
        ? []
        : [
            {
              name: 'build-logic/convention/src/main/kotlin/org/example/KotlinAndroid.kt',
              content: `internal fun Project.configureKotlinAndroid(extension: CommonExtension<*, *, *, *, *, *>) {\n    extension.apply {\n        compileSdk = ${String(s.compileSdk)}\n        defaultConfig {\n            minSdk = ${String(s.minSdk)}\n        }\n    }\n}\n`,
            },
            {
              name: 'build-logic/convention/src/main/kotlin/AndroidApplicationConventionPlugin.kt',
              content: `class AndroidApplicationConventionPlugin : Plugin<Project> {\n    override fun apply(target: Project) {\n        extensions.configure<ApplicationExtension> {\n            defaultConfig.targetSdk = ${String(s.targetSdk)}\n        }\n    }\n}\n`,
            },
          ]),
      wrapper(String(s.wrapper)),
      { name: 'app/src/main/kotlin/org/example/MainActivity.kt', content: lines(40, (index) => `val value${index} = ${index}`) },
      { name: 'LICENSE', content: licenceText('Apache-2.0') },
    ];
  },
  cargo: (s) => [
    {
      name: 'Cargo.toml',
      content: `[package]\nname = "game"\nlicense = "${String(s.declared)}"\n\n[dependencies]\nbevy = { version = "${String(s.bevy)}", features = ["wayland"] }\n`,
    },
    { name: 'Cargo.lock', content: `[[package]]\nname = "bevy"\nversion = "${String(s.locked)}"\n` },
    ...Object.entries(s.licenceFiles as Record<string, string>).map(([name, spdx]) => ({ name, content: licenceText(spdx) })),
    { name: 'src/main.rs', content: lines(30, (index) => `fn system_${index}() {}`) },
  ],
  npm: (s) => [
    { name: 'package.json', content: JSON.stringify({ license: s.declared, dependencies: { [String(s.package)]: s.range } }, null, 2) },
    {
      name: 'package-lock.json',
      content: JSON.stringify({ lockfileVersion: 3, packages: { '': {}, [`node_modules/${String(s.package)}`]: { version: s.locked } } }),
    },
    ...(s.licence === undefined
      ? []
      : [
          {
            name: s.licenceFile === undefined ? 'LICENSE' : String(s.licenceFile),
            content: s.untitledCurlyQuotes
              ? licenceText(String(s.licence))
                  .replace(/^MIT License\s*/, '')
                  .replace('<year> <copyright holders>', '2025 Studio')
                  .replace(/"([^"]*)"/g, '“$1”')
              : licenceText(String(s.licence)).replace('<year> <copyright holders>', '2025 Studio'),
          },
        ]),
    { name: 'src/main.js', content: lines(30, (index) => `const scene${index} = ${index};`) },
  ],
  libgdx: (s) => [
    {
      name: 'build.gradle',
      content: `buildscript {\n    ext {\n        gdxVersion = ${String(s.gdxVersionExpression)}\n    }\n}\nproject(":core") {\n    dependencies {\n        compile "com.badlogicgames.gdx:gdx:$gdxVersion"\n    }\n}\n`,
    },
    {
      name: 'android/build.gradle',
      content: `android {\n    compileSdkVersion project.androidSDKVersion.toInteger()\n    defaultConfig {\n        minSdkVersion ${String(s.minSdk)}\n        targetSdkVersion ${String(s.targetSdk)}\n    }\n}\n`,
    },
    { name: 'core/src/com/example/Game.java', content: lines(40, (index) => `int field${index} = ${index};`) },
  ],
  defold: (s) => [
    {
      name: 'game.project',
      content: `[project]\ntitle = ${String(s.title)}\n\n[bootstrap]\nmain_collection = ${String(s.mainCollection)}\n\n[display]\nwidth = 1024\n`,
    },
    { name: 'LICENSE', content: licenceText(String(s.licence)).replace('<year> <copyright holders>', '2019 Studio') },
    { name: 'main/main.script', content: lines(20, (index) => `local value${index} = ${index}`) },
    // The project's own .gitattributes lines, where it has them: they decide what its files count as.
    ...(Array.isArray(s.gitattributes) ? [{ name: '.gitattributes', content: `${(s.gitattributes as string[]).join('\n')}\n` }] : []),
  ],
  godot: (s) => [
    {
      name: 'project.godot',
      content: `config_version=5\n\n[application]\n\nconfig/name="${String(s.name)}"\nconfig/features=PackedStringArray("${String(s.version)}")\n\n[rendering]\n\nrenderer/rendering_method="${String(s.renderingMethod)}"\n`,
    },
    { name: 'player/player.gd', content: lines(30, (index) => `var speed_${index} = ${index}`) },
  ],
  monogame: (s) => [
    {
      name: String(s.project),
      content: `<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup>\n    <OutputType>WinExe</OutputType>\n    <TargetFramework>${String(s.targetFramework)}</TargetFramework>\n  </PropertyGroup>\n  <ItemGroup>\n    <PackageReference Include="${String(s.package)}" Version="${String(s.version)}" />\n  </ItemGroup>\n</Project>\n`,
    },
    // The other platforms' projects, and the shared library, each with its own MonoGame package.
    ...Object.entries(
      (s.otherProjects ?? {}) as Record<string, { platform: string; targetFramework: string | null; library?: boolean }>,
    ).map(([name, other]) => ({
      name,
      content: `<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup>\n${other.library ? '' : '    <OutputType>Exe</OutputType>\n'}${other.targetFramework ? `    <TargetFramework>${other.targetFramework}</TargetFramework>\n` : ''}  </PropertyGroup>\n  <ItemGroup>\n    <PackageReference Include="MonoGame.Framework.${other.platform}" Version="${String(s.version)}" />\n  </ItemGroup>\n</Project>\n`,
    })),
    { name: 'AutoPong/AutoPong.Core/Game.cs', content: lines(30, (index) => `    int field${index};`) },
  ],
  unity: (s) => {
    const packages = (s.packages ?? {}) as Record<string, string>;
    return [
      {
        name: 'ProjectSettings/ProjectVersion.txt',
        content: `m_EditorVersion: ${String(s.editor)}\n${s.revision ? `m_EditorVersionWithRevision: ${String(s.editor)} (${String(s.revision)})\n` : ''}`,
      },
      {
        name: 'Packages/manifest.json',
        content: JSON.stringify(
          {
            dependencies: {
              ...packages,
              ...Object.fromEntries(
                Array.from({ length: Number(s.modules ?? 0) }, (_, index) => [`com.unity.modules.module${index}`, '1.0.0']),
              ),
            },
          },
          null,
          2,
        ),
      },
      {
        name: String(s.script ?? 'Assets/Scripts/PlayerController.cs'),
        content: lines(30, (index) => `    private float speed${index} = ${index}f;`),
      },
      ...(s.licence
        ? [{ name: String(s.licenceFile), content: licenceText(String(s.licence)).replace('<year> <copyright holders>', '2016 Studio') }]
        : []),
    ];
  },
  unreal: (s) => [
    {
      name: String(s.project),
      content: `${JSON.stringify(
        {
          FileVersion: 3,
          EngineAssociation: s.engineAssociation,
          Modules: [{ Name: s.module, Type: 'Runtime', LoadingPhase: 'Default' }],
        },
        null,
        '\t',
      )}\n`,
    },
    {
      name: `Source/${String(s.module)}/${String(s.module)}.Build.cs`,
      content: `public class ${String(s.module)} : ModuleRules\n{\n    public ${String(s.module)}(ReadOnlyTargetRules Target) : base(Target)\n    {\n        PublicDependencyModuleNames.AddRange(new string[] { "Core", "Engine" });\n    }\n}\n`,
    },
    {
      name: String(s.script ?? `Source/${String(s.module)}/Private/GameCharacter.cpp`),
      content: lines(30, (index) => `static int32 Value${index} = ${index};`),
    },
  ],
  cocos: (s) => [
    s.projectJson
      ? { name: 'project.json', content: JSON.stringify({ engine: s.engine, packages: 'packages', version: s.creator }, null, 2) }
      : {
          name: 'package.json',
          content: JSON.stringify({ name: 'game', type: '3d', version: s.creator, creator: { version: s.creator } }, null, 2),
        },
    { name: String(s.script ?? 'assets/scripts/GameManager.ts'), content: lines(30, (index) => `const speed${index} = ${index};`) },
    // The art's terms (a model's credit, the artists' rights) in a licence-named file: no licence text, so unidentified.
    ...(s.assetCredit
      ? [
          {
            name: String(s.assetCredit),
            content:
              'The art and models here belong to the artists who made them.\nYou may use them in games, sold or free, if you name the artists.\n',
          },
        ]
      : []),
  ],
  gamemaker: (s) => [
    {
      name: String(s.project),
      // GameMaker writes its project as JSON with trailing commas.
      content: `{\n  "resourceType": "GMProject",\n  "resourceVersion": "1.7",\n  "name": "${String(s.project).replace(/\.yyp$/, '')}",\n  "MetaData": {\n    "IDEVersion": "${String(s.ideVersion)}",\n  },\n}\n`,
    },
    { name: String(s.script ?? 'scripts/Game/Game.gml'), content: lines(30, (index) => `global.value_${index} = ${index};`) },
    // The Apache-2.0 notice alone, as the project ships it for its licence.
    {
      name: String(s.noticeFile),
      content: `Copyright 2022 Studio\n\n${/Licensed under the Apache License, Version 2\.0[\s\S]*?limitations under the License\./.exec(licenceText('Apache-2.0'))![0]}\n`,
    },
    // A bundled library's BSD licence reworded (its name for the holder, a longer grant) with a note after it.
    ...(s.rewordedBsdFile
      ? [
          {
            name: String(s.rewordedBsdFile),
            content: `Example Import Library\n\n${licenceText('BSD-3-Clause')
              .replace(/the copyright holder/g, 'the example team')
              .replace(
                'Redistribution and use in source',
                'Redistribution and use of this software in source',
              )}\n\n${'*'.repeat(60)}\n\nAN EXCEPTION applies to every file in the test models folder. Those are sample scenes gathered from many free sites for testing the importers; unless a file says otherwise each stays the work of its own maker, who may ask more of those who use it. A text beside each model tells where it came from and on what terms. Write to the team if you made one of them and find it credited wrongly, or would rather it were taken out.\n`,
          },
        ]
      : []),
  ],
  flutter: (s) => {
    const locked = s.locked as Record<string, string>;
    const hosted = Object.keys(locked);
    return [
      {
        name: 'pubspec.yaml',
        content: [
          'name: app',
          'environment:',
          `  flutter: ${String(s.flutter)}`,
          `  sdk: ${String(s.dart)}`,
          'dependencies:',
          '  flutter:',
          '    sdk: flutter',
          ...hosted.map((name) => `  ${name}: ^${locked[name]!.split('.').slice(0, 2).join('.')}.0`),
          'flutter:',
          '  uses-material-design: true',
          '',
        ].join('\n'),
      },
      {
        name: 'pubspec.lock',
        content: [
          'packages:',
          '  flutter:',
          '    dependency: "direct main"',
          '    description: flutter',
          '    source: sdk',
          '    version: "0.0.0"',
          ...hosted.flatMap((name) => [
            `  ${name}:`,
            '    dependency: "direct main"',
            '    source: hosted',
            `    version: "${locked[name]}"`,
          ]),
          'sdks:',
          `  dart: "${String(s.lockDart)}"`,
          `  flutter: "${String(s.lockFlutter)}"`,
          '',
        ].join('\n'),
      },
      { name: 'android/app/src/main/kotlin/org/example/app/MainActivity.kt', content: 'class MainActivity : FlutterActivity()\n' },
      { name: 'ios/Runner/AppDelegate.swift', content: '@main\nclass AppDelegate: FlutterAppDelegate {}\n' },
      { name: 'LICENSE', content: licenceText(String(s.licence)) },
      { name: 'lib/main.dart', content: lines(30, (index) => `final value${index} = ${index};`) },
    ];
  },
  'react-native-pnpm': (s) => [
    {
      name: 'package.json',
      content: JSON.stringify({ dependencies: { expo: s.expo, react: s.react, 'react-native': s.reactNative } }, null, 2),
    },
    {
      name: 'pnpm-lock.yaml',
      content: [
        "lockfileVersion: '9.0'",
        '',
        'importers:',
        '',
        '  .:',
        '    dependencies:',
        '      react-native:',
        `        specifier: ${String(s.reactNative)}`,
        `        version: ${String(s.locked)}(react@${String(s.react)})`,
        '',
      ].join('\n'),
    },
    { name: 'LICENSE', content: licenceText(String(s.licence)).replace('<year> <copyright holders>', '2021 Studio') },
    { name: 'src/app/index.tsx', content: lines(30, (index) => `export const screen${index} = ${index};`) },
  ],
  'ios-cocoapods': (s) => [
    {
      name: `${String(s.xcodeproj)}/project.pbxproj`,
      content: `// !$*UTF8*$!\n{\n\tIPHONEOS_DEPLOYMENT_TARGET = ${String(s.deploymentTarget)};\n\tSWIFT_VERSION = ${String(s.swift)};\n}\n`,
    },
    { name: 'Podfile', content: `target 'App' do\n  platform :ios, '${String(s.podPlatform)}'\n  pod 'Alamofire', '~> 4.8'\nend\n` },
    { name: 'Podfile.lock', content: `PODS:\n  - Alamofire (4.8.1)\n\nCOCOAPODS: ${String(s.cocoapods)}\n` },
    ...Object.entries(s.licenceFiles as Record<string, string>).map(([name, spdx]) => ({
      name,
      content: licenceText(spdx).replace('<year> <copyright holders>', '2017 Studio'),
    })),
    ...(s.firebaseConfig
      ? [
          {
            name: String(s.firebaseConfig),
            // A key of Google's shape, made up here: the project ships its real Firebase configuration.
            content: `<plist version="1.0">\n<dict>\n\t<key>API_KEY</key>\n\t<string>${`AIza${'StandInKeyNotReal'.padEnd(35, '0')}`}</string>\n</dict>\n</plist>\n`,
          },
        ]
      : []),
    { name: 'Classes/AppDelegate.swift', content: lines(30, (index) => `let value${index} = ${index}`) },
  ],
};

describe('a regression set of real projects, rebuilt as stand-ins', () => {
  it('holds projects of every kind it names', () => {
    expect(projects.length).toBeGreaterThanOrEqual(8);
    expect(projects.filter((project) => !STAND_INS[project.standIn.kind]).map((project) => project.name)).toEqual([]);
  });

  it.each(projects.map((project) => [`${project.name} (${project.repository}@${project.commit.slice(0, 7)})`, project] as const))(
    '%s',
    async (_name, project) => {
      const standIn = STAND_INS[project.standIn.kind]!(project.standIn);
      const atScale = (project.languages?.files ?? []).map((file) => ({
        name: file.path,
        content: fillerAfter(file.head, file.bytes, file.minified),
      }));
      const bytes = makeZip([...standIn.filter((file) => !atScale.some((big) => big.name === file.name)), ...atScale]);
      const analysis = await analyseArchive({
        size: bytes.length,
        readRange: async (start, length) => bytes.subarray(start, start + length),
      });
      expect(analysis.engine).toBe(project.expect.engine);
      const [engine] = analysis.engines;
      expect(engine?.version ?? null).toBe(project.expect.version);
      const facts = Object.fromEntries((engine?.facts ?? []).map((fact) => [fact.label, fact.value]));
      expect(facts).toMatchObject(project.expect.facts);
      expect(analysis.licences.map((licence) => licence.spdx).sort()).toEqual(project.expect.spdx);
      const packages = Object.fromEntries(analysis.manifests.map((manifest) => [manifest.file, manifest.packages.length]));
      expect(packages).toMatchObject(project.expect.packages ?? {});
      // Where the project declares a licence in its manifest, whether its licence files agree.
      expect(analysis.declaredLicences.map((declared) => declared.agrees)).toEqual(
        project.expect.declaredAgrees === undefined ? [] : [project.expect.declaredAgrees],
      );
      // Linguist's shares, within a few points: every language it gives 1% or more.
      const ours = Object.fromEntries(analysis.languages.map((language) => [language.name, language.percent]));
      const farFromLinguist = Object.entries(project.languages?.linguist ?? {})
        .filter(([language, share]) => share >= 1 && Math.abs((ours[language] ?? 0) - share) > LANGUAGE_TOLERANCE)
        .map(([language, share]) => `${language}: ${ours[language] ?? 0}% here, ${share}% by Linguist`);
      expect(farFromLinguist).toEqual([]);
      // Clean projects: no secret warnings; others, only the ones that are true of them.
      expect(analysis.warnings.map((warning) => ({ kind: warning.kind, path: warning.path }))).toEqual(project.expect.warnings ?? []);
    },
  );
});
