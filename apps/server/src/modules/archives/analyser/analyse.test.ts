import {
  androidProjectFiles,
  buildSrcAndroidProjectFiles,
  groovyAndroidProjectFiles,
  modernAndroidProjectFiles,
  flutterAppFiles,
  godotProjectFiles,
  leakedSecretFiles,
  licenceFiles,
  makeZip,
  unityProjectFiles,
  xcodeProjectFiles,
  type ZipFileSpec,
} from '@market/sample-archives';
import { describe, expect, it } from 'vitest';
import { analyseArchive, ArchiveRefused } from './index.js';

/** An archive held in memory, read through the same range reads as one in storage. */
function archiveOf(files: readonly ZipFileSpec[]) {
  const bytes = makeZip(files);
  return { size: bytes.length, readRange: async (start: number, length: number) => bytes.subarray(start, start + length) };
}

const factsOf = (engine: { facts: Array<{ label: string; value: string }> } | undefined) =>
  Object.fromEntries((engine?.facts ?? []).map((fact) => [fact.label, fact.value]));

describe('analysing a source archive', () => {
  it('reads the Unity version and packages, splits C# from the shader, and counts Library apart', async () => {
    const analysis = await analyseArchive(archiveOf(unityProjectFiles()));
    expect(analysis.engine).toBe('Unity');
    const [unity] = analysis.engines;
    expect(unity).toMatchObject({ engine: 'Unity', version: '2022.3.21f1', file: 'ProjectSettings/ProjectVersion.txt' });
    expect(factsOf(unity)).toEqual({ Editor: '2022.3.21f1', 'Render pipeline': 'Universal (URP)', 'Input System': '1.7.0' });
    expect(analysis.languages.map((language) => [language.name, language.lines, language.files])).toEqual([
      ['C#', 92, 2],
      ['ShaderLab', 9, 1],
    ]);
    // Shares by bytes, as Linguist counts them.
    expect(analysis.languages[0]!.percent).toBe(94.8);
    expect(analysis.languages[0]!.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(analysis.vendored).toMatchObject({ folders: ['Library'], files: 1, lines: 300 });
    expect(analysis.vendored.languages.map((language) => [language.name, language.lines])).toEqual([['C#', 300]]);
    expect(analysis.files.count).toBe(8);
    expect(analysis.files.paths[0]).toBe('Assets/Scenes/Main.unity');
    expect(analysis.files.folders).toBe(9);
    expect(analysis.manifests).toEqual([
      {
        file: 'Packages/manifest.json',
        kind: 'Unity packages',
        packages: [
          { name: 'com.unity.render-pipelines.universal', version: '14.0.10' },
          { name: 'com.unity.inputsystem', version: '1.7.0' },
          { name: 'com.unity.textmeshpro', version: '3.0.6' },
        ],
      },
    ]);
    expect(analysis.warnings).toEqual([]);
  });

  it('reads an Android project’s SDK levels, plugin, wrapper and Kotlin versions, and its Gradle dependencies', async () => {
    const analysis = await analyseArchive(archiveOf(androidProjectFiles()));
    const [android] = analysis.engines;
    expect(android).toMatchObject({ engine: 'Android', version: 'API 34', file: 'app/build.gradle' });
    expect(factsOf(android)).toEqual({
      compileSdk: '34',
      targetSdk: '34',
      minSdk: '24',
      'Android Gradle Plugin': '8.2.2',
      'Gradle wrapper': '8.5',
      Kotlin: '1.9.22',
    });
    expect(android!.facts.find((fact) => fact.label === 'Gradle wrapper')!.file).toBe('gradle/wrapper/gradle-wrapper.properties');
    expect(analysis.languages[0]).toMatchObject({ name: 'Kotlin', lines: 22 });
    expect(analysis.vendored.folders).toEqual(['app/build', 'gradle/wrapper']);
    expect(analysis.manifests).toContainEqual({
      file: 'app/build.gradle',
      kind: 'Gradle',
      packages: [
        { name: 'androidx.core:core-ktx', version: '1.12.0' },
        { name: 'com.squareup.retrofit2:retrofit', version: '2.9.0' },
      ],
    });
  });

  it('reads SDK levels, AGP and Kotlin from a version catalog and its libraries, bundles and plugins', async () => {
    const analysis = await analyseArchive(archiveOf(modernAndroidProjectFiles()));
    const [android] = analysis.engines;
    expect(android).toMatchObject({ engine: 'Android', version: 'API 35', file: 'app/build.gradle.kts' });
    expect(factsOf(android)).toEqual({
      compileSdk: '35',
      targetSdk: '35',
      minSdk: '24',
      'Android Gradle Plugin': '8.7.3',
      'Gradle wrapper': '8.11.1',
      Kotlin: '2.1.0',
      'Version catalog': '5 libraries, 3 plugins, 1 bundle',
    });
    expect(android!.facts.find((fact) => fact.label === 'targetSdk')!.file).toBe(
      'build-logic/convention/src/main/kotlin/AndroidApplicationConventionPlugin.kt',
    );
    expect(analysis.manifests).toContainEqual({
      file: 'gradle/libs.versions.toml',
      kind: 'Gradle version catalog',
      packages: [
        { name: 'androidx.core:core-ktx', version: '1.15.0' },
        { name: 'com.squareup.retrofit2:retrofit', version: '2.11.0' },
        { name: 'androidx.compose:compose-bom', version: '2024.12.01' },
        { name: 'androidx.compose.ui:ui', version: 'managed' },
        { name: 'com.android.tools.build:gradle', version: '8.7.3' },
        { name: 'com.android.application', version: '8.7.3' },
        { name: 'org.jetbrains.kotlin.android', version: '2.1.0' },
        { name: 'game.android.application', version: 'managed' },
      ],
    });
    expect(analysis.licences).toMatchObject([{ file: 'LICENSE', spdx: 'GPL-3.0', copyleft: 'strong' }]);
    expect(analysis.vendored.folders).toEqual(['gradle/wrapper', 'gradlew']);
  });

  it('resolves a Groovy build’s ext values, gradle.properties and $variables', async () => {
    const analysis = await analyseArchive(archiveOf(groovyAndroidProjectFiles()));
    expect(factsOf(analysis.engines[0])).toEqual({
      compileSdk: '34',
      targetSdk: '34',
      minSdk: '23',
      'Android Gradle Plugin': '8.4.1',
      Kotlin: '1.9.24',
    });
    expect(analysis.manifests).toContainEqual({
      file: 'app/build.gradle',
      kind: 'Gradle',
      packages: [
        { name: 'com.squareup.retrofit2:retrofit', version: '2.11.0' },
        { name: 'org.jetbrains.kotlin:kotlin-stdlib', version: '1.9.24' },
      ],
    });
  });

  it('resolves SDK levels kept as buildSrc constants', async () => {
    const analysis = await analyseArchive(archiveOf(buildSrcAndroidProjectFiles()));
    expect(analysis.engines[0]).toMatchObject({ engine: 'Android', version: 'API 33' });
    expect(factsOf(analysis.engines[0])).toEqual({ compileSdk: '33', targetSdk: '33', minSdk: '21' });
  });

  it('reads an Xcode project’s deployment target and Swift version and the Podfile’s pods', async () => {
    const analysis = await analyseArchive(archiveOf(xcodeProjectFiles()));
    const [ios] = analysis.engines;
    expect(ios).toMatchObject({ engine: 'iOS', version: '15.0', file: 'Runner.xcodeproj/project.pbxproj' });
    expect(factsOf(ios)).toEqual({ 'Deployment target': '15.0', Swift: '5.0', 'Podfile platform': '15.0' });
    expect(analysis.manifests).toContainEqual({
      file: 'Podfile',
      kind: 'CocoaPods',
      packages: [
        { name: 'Alamofire', version: '~> 5.8' },
        { name: 'SnapKit', version: 'any' },
      ],
    });
    expect(analysis.languages.map((language) => language.name)).toEqual(['Swift', 'Ruby']);
    expect(analysis.vendored).toMatchObject({ folders: ['Pods'], lines: 200 });
  });

  it('reads a Flutter app’s SDK constraints and packages', async () => {
    const analysis = await analyseArchive(archiveOf(flutterAppFiles()));
    expect(analysis.engines[0]).toMatchObject({ engine: 'Flutter', version: '>=3.19.0', file: 'pubspec.yaml' });
    expect(factsOf(analysis.engines[0])).toEqual({ Flutter: '>=3.19.0', 'Dart SDK': '>=3.3.0 <4.0.0' });
    expect(analysis.manifests[0]!.packages).toEqual([
      { name: 'flutter', version: 'any' },
      { name: 'provider', version: '^6.1.1' },
      { name: 'shared_preferences', version: '^2.2.2' },
    ]);
    expect(analysis.languages[0]).toMatchObject({ name: 'Dart', percent: 100 });
  });

  it('reads a Godot project’s engine version and renderer', async () => {
    const analysis = await analyseArchive(archiveOf(godotProjectFiles()));
    expect(analysis.engines[0]).toMatchObject({ engine: 'Godot', version: '4.2', file: 'project.godot' });
    expect(factsOf(analysis.engines[0])).toMatchObject({ Renderer: 'Forward+', 'Project name': 'Dungeon Crawler' });
    expect(analysis.languages[0]).toMatchObject({ name: 'GDScript', lines: 20 });
  });

  it('identifies an MIT and a GPL licence by SPDX, flags only the GPL as copyleft and skips the .meta twin', async () => {
    const analysis = await analyseArchive(archiveOf([...godotProjectFiles(), ...licenceFiles()]));
    expect(analysis.licences).toEqual([
      { file: 'LICENSE', spdx: 'MIT', name: 'MIT License', confidence: 100, copyleft: null },
      { file: 'ThirdParty/Physics/COPYING', spdx: 'GPL-3.0', name: 'GNU General Public License v3.0', confidence: 100, copyleft: 'strong' },
    ]);
  });

  it('reads the licences manifests declare and says where a licence file disagrees', async () => {
    const analysis = await analyseArchive(
      archiveOf([
        ...licenceFiles(),
        { name: 'package.json', content: JSON.stringify({ name: 'game', license: 'MIT' }) },
        { name: 'pubspec.yaml', content: 'name: game\nlicense: BSD-3-Clause\n' },
        {
          name: 'ThirdParty/Physics/Cargo.toml',
          content: '[package]\nname = "physics"\nlicense = "MIT OR Apache-2.0"\n\n[dependencies]\n',
        },
        {
          name: 'ThirdParty/Physics/Physics.podspec',
          content: "Pod::Spec.new do |s|\n  s.license = { :type => 'GPL-3.0-or-later', :file => 'COPYING' }\nend\n",
        },
        {
          name: 'ThirdParty/Net/Net.nuspec',
          content: '<package><metadata><license type="expression">Apache-2.0</license></metadata></package>',
        },
        { name: 'node_modules/left-pad/package.json', content: JSON.stringify({ license: 'WTFPL' }) },
      ]),
    );
    expect(analysis.declaredLicences).toEqual([
      { file: 'package.json', declared: 'MIT', agrees: true, comparedWith: ['MIT'] },
      { file: 'pubspec.yaml', declared: 'BSD-3-Clause', agrees: false, comparedWith: ['MIT'] },
      { file: 'ThirdParty/Net/Net.nuspec', declared: 'Apache-2.0', agrees: false, comparedWith: ['MIT'] },
      { file: 'ThirdParty/Physics/Cargo.toml', declared: 'MIT OR Apache-2.0', agrees: false, comparedWith: ['GPL-3.0'] },
      { file: 'ThirdParty/Physics/Physics.podspec', declared: 'GPL-3.0-or-later', agrees: true, comparedWith: ['GPL-3.0'] },
    ]);
  });

  it('warns of a keystore and an AWS key by path and line, never quoting the key', async () => {
    const analysis = await analyseArchive(archiveOf([...unityProjectFiles(), ...leakedSecretFiles()]));
    expect(analysis.warnings).toEqual([
      { kind: 'Android keystore', path: 'keystore/release.jks', detail: 'An Android signing keystore' },
      { kind: 'API key', path: 'Assets/Config/cloud.json', detail: 'An AWS access key on line 3' },
    ]);
    expect(JSON.stringify(analysis.warnings)).not.toContain('AKIA');
  });

  it('streams a file too large to scan whole, inflating it and counting its lines', async () => {
    const big = Array.from({ length: 60_000 }, (_, index) => `    public int Field${index} = ${index * 7919};`).join('\n');
    const analysis = await analyseArchive(archiveOf([{ name: 'Assets/Generated/Tables.cs', content: big, deflate: true }]));
    expect(Buffer.byteLength(big)).toBeGreaterThan(2 * 1024 ** 2);
    expect(analysis.languages).toMatchObject([{ name: 'C#', lines: 60_000, files: 1 }]);
  });

  it('tells each header’s language by its text, as Linguist does, whatever files sit beside it', async () => {
    const analysis = await analyseArchive(
      archiveOf([
        // Unreal's module header: no C++ syntax of its own, so C on GitHub's language bar too.
        { name: 'Source/Game/Game.h', content: '#pragma once\n\n#include "CoreMinimal.h"\n' },
        { name: 'Source/Game/Actor.h', content: '#pragma once\nclass AActor;\n' },
        { name: 'Source/Game/Actor.cpp', content: '#include "Actor.h"\n' },
        { name: 'ios/AppDelegate.h', content: '#import <UIKit/UIKit.h>\n@interface AppDelegate : NSObject\n@end\n' },
        { name: 'ios/AppDelegate.mm', content: '#import "AppDelegate.h"\n' },
      ]),
    );
    expect(analysis.languages.map((language) => [language.name, language.files])).toEqual([
      ['Objective-C', 1],
      ['C++', 2],
      ['C', 1],
      ['Objective-C++', 1],
    ]);
  });
});

const refusalOf = (files: readonly ZipFileSpec[]) =>
  analyseArchive(archiveOf(files)).then(
    () => null,
    (error: unknown) => error,
  );

const lines = (count: number, line: string) => `${Array.from({ length: count }, () => line).join('\n')}\n`;

describe('own code apart from bundled third-party code, by Linguist’s rules', () => {
  it('takes Android’s ProGuard rules for data, as Linguist’s heuristics do, and an IDL routine for IDL', async () => {
    const analysis = await analyseArchive(
      archiveOf([
        { name: 'app/src/main/kotlin/Main.kt', content: 'fun main() {}\n' },
        // Comments only, as Android Studio writes it: Linguist's classifier takes it for data.
        { name: 'core/consumer-rules.pro', content: '# Add project specific ProGuard rules here.\n#-keepattributes SourceFile\n' },
        { name: 'feature/keep-rules.pro', content: '-keep class org.example.** { *; }\n-dontwarn okhttp3.**\n' },
        { name: 'idl/plot_orbit.pro', content: 'function plot_orbit, a, e\n  return, a * (1 - e)\nend\n' },
      ]),
    );
    expect(analysis.languages.map((language) => [language.name, language.files])).toEqual([
      ['IDL', 1],
      ['Kotlin', 1],
    ]);
  });

  it('counts TSX under TypeScript, and leaves a docs site and examples out of the own code', async () => {
    const analysis = await analyseArchive(
      archiveOf([
        { name: 'MyApp/src/App.tsx', content: lines(40, 'export const App = () => <View style={styles.root} />;') },
        { name: 'MyApp/src/store.ts', content: lines(20, 'export const store = createStore(reducer);') },
        { name: 'MyApp/docs/getting-started.mdx', content: lines(400, '# Getting started with the app and its screens') },
        { name: 'MyApp/examples/basic/index.js', content: lines(50, 'console.log("example");') },
        { name: 'MyApp/README.md', content: '# My app\n' },
      ]),
    );
    expect(analysis.languages.map((language) => [language.name, language.files])).toEqual([['TypeScript', 2]]);
    expect(analysis.documentation).toEqual({ files: 3, lines: 450 });
    expect(analysis.vendored.files).toBe(0);
  });

  it('counts a Cocos project’s dist/ folders, a bundled mobx.js and a minified script apart', async () => {
    const analysis = await analyseArchive(
      archiveOf([
        { name: 'assets/scripts/Game.ts', content: lines(120, 'this.node.setPosition(this.x, this.y, 0);') },
        {
          name: 'assets/scripts/lib/mobx.js',
          content: `/** MobX - (c) Michel Weststrate 2015 - 2020 - MIT Licensed */\n${lines(900, 'var x = 1;')}`,
        },
        { name: 'assets/scripts/lib/tween.js', content: `${'var a=function(b){return b*2};'.repeat(400)}\n` },
        { name: 'packages/hot-update/dist/main.js', content: lines(300, 'module.exports = {};') },
      ]),
    );
    expect(analysis.languages.map((language) => [language.name, language.files])).toEqual([['TypeScript', 1]]);
    expect(analysis.vendored).toMatchObject({
      folders: ['assets/scripts/lib/mobx.js', 'assets/scripts/lib/tween.js', 'packages/hot-update/dist'],
      files: 3,
      lines: 1202,
    });
    expect(analysis.vendored.languages.map((language) => language.name)).toEqual(['JavaScript']);
  });

  it('counts a library in lib/ apart by the banner over its opening comment, not an own script with the same header', async () => {
    const banner =
      '/*\n * Finite state machines for games\n * Copyright (c) 2015 Example Limited\n * Licensed under the MIT licence\n */\n';
    const analysis = await analyseArchive(
      archiveOf([
        { name: 'Blackjack/assets/scripts/lib/state.js', content: `${banner}${lines(600, 'var state = new State();')}` },
        // The seller's own script, under the same kind of header: theirs.
        { name: 'Blackjack/assets/scripts/Game.js', content: `${banner}${lines(200, 'this.dealer.deal();')}` },
        // A helper of their own in lib/, with no banner: theirs too.
        { name: 'Blackjack/assets/scripts/lib/decks.js', content: lines(100, 'var deck = [];') },
      ]),
    );
    expect(analysis.languages).toMatchObject([{ name: 'JavaScript', files: 2, lines: 305 }]);
    expect(analysis.vendored).toMatchObject({ folders: ['Blackjack/assets/scripts/lib/state.js'], files: 1, lines: 605 });
  });

  it('counts TextMesh Pro, Assets/Plugins and gradlew apart in a Unity project zipped in its folder', async () => {
    const analysis = await analyseArchive(
      archiveOf([
        ...unityProjectFiles().map((file) => ({ ...file, name: `SpaceShooter/${file.name}` })),
        { name: 'SpaceShooter/Assets/TextMesh Pro/Shaders/TMP_SDF.shader', content: lines(500, '  float4 _FaceColor;') },
        { name: 'SpaceShooter/Assets/TextMesh Pro/Scripts/TMP_Helper.cs', content: lines(200, '  public int x;') },
        { name: 'SpaceShooter/Assets/Plugins/DOTween/DOTween.cs', content: lines(300, '  public static void To() {}') },
        { name: 'SpaceShooter/Android/gradlew', content: lines(180, 'exec "$JAVACMD" "$@"') },
      ]),
    );
    expect(analysis.languages.map((language) => [language.name, language.lines])).toEqual([
      ['C#', 92],
      ['ShaderLab', 9],
    ]);
    expect(analysis.vendored.folders).toEqual([
      'SpaceShooter/Android/gradlew',
      'SpaceShooter/Assets/Plugins',
      'SpaceShooter/Assets/TextMesh Pro',
      'SpaceShooter/Library',
    ]);
  });
});

describe('refusing an archive that breaks a rule', () => {
  it('refuses an entry that climbs out of the archive with ../', async () => {
    const refusal = await refusalOf([...godotProjectFiles(), { name: 'scripts/../../../etc/cron.d/evil', content: 'x' }]);
    expect((refusal as Error).message).toBe(
      'scripts/../../../etc/cron.d/evil points outside the archive. Zip the project again from its own folder, with the paths inside it, and upload it again.',
    );
  });

  it('refuses an absolute path', async () => {
    const refusal = await refusalOf([{ name: '/etc/passwd', content: 'x' }]);
    expect((refusal as Error).message).toBe(
      '/etc/passwd has an absolute path. Zip the project again from its own folder, with the paths inside it, and upload it again.',
    );
  });

  it('refuses a symbolic link', async () => {
    const refusal = await refusalOf([...godotProjectFiles(), { name: 'secrets', content: '/home/seller/.ssh/id_rsa', unixMode: 0o120777 }]);
    expect((refusal as Error).message).toBe(
      'secrets is a symbolic link; archives may hold files and folders only. Put the file it points to in its place and upload the archive again.',
    );
  });

  it('refuses an archive whose bytes do not match their checksum', async () => {
    const bytes = makeZip([{ name: 'Assets/Player.cs', content: 'class Player {}\n' }]);
    bytes[bytes.indexOf('class Player')] = 'K'.charCodeAt(0);
    const refusal = await analyseArchive({
      size: bytes.length,
      readRange: async (start, length) => bytes.subarray(start, start + length),
    }).catch((error: unknown) => error);
    expect((refusal as Error).message).toBe(
      'The archive is damaged: Assets/Player.cs does not match its recorded size and checksum. Zip the project again and upload it again.',
    );
  });

  it('refuses a file that is no ZIP', async () => {
    const bytes = Buffer.from('not a zip at all, just text that goes on for a while');
    const refusal = await analyseArchive({
      size: bytes.length,
      readRange: async (start, length) => bytes.subarray(start, start + length),
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ArchiveRefused);
    expect((refusal as Error).message).toMatch(/^The archive could not be read as a ZIP: /);
  });

  it('accepts a Unix-made archive of ordinary files and folders', async () => {
    const analysis = await analyseArchive(
      archiveOf([
        { name: 'scripts/', content: '', unixMode: 0o40755 },
        { name: 'scripts/run.sh', content: 'echo hi\n', unixMode: 0o100755 },
      ]),
    );
    expect(analysis.files).toMatchObject({ count: 1, folders: 1, paths: ['scripts/run.sh'] });
  });
});
