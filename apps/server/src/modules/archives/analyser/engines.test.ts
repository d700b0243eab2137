import { describe, expect, it } from 'vitest';
import { detectEngines } from './engines.js';
import { readManifests } from './manifests.js';

const detect = (files: Record<string, string>, paths?: string[]) => detectEngines(new Map(Object.entries(files)), paths);
const factsOf = (found: ReturnType<typeof detectEngines>[number] | undefined) =>
  Object.fromEntries((found?.facts ?? []).map((fact) => [fact.label, fact.value]));

const godot = (extra: string) =>
  factsOf(detect({ 'project.godot': `config_version=5\n\n[application]\nconfig/features=PackedStringArray("4.3")\n${extra}` })[0]).Renderer;

/** A MonoGame platform project: an application when it names an output type, else a shared library. */
const csproj = (outputType: string | null, framework: string, platform: string) =>
  `<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup>${outputType ? `<OutputType>${outputType}</OutputType>` : ''}` +
  `<TargetFramework>${framework}</TargetFramework></PropertyGroup>` +
  `<ItemGroup><PackageReference Include="MonoGame.Framework.${platform}" Version="3.8.1.303" /></ItemGroup></Project>`;

describe('engines beyond the big four', () => {
  it('finds Phaser in package.json with the exact version package-lock.json pins', () => {
    const [phaser] = detect({
      'package.json': JSON.stringify({ dependencies: { phaser: '^3.80.0' }, devDependencies: { vite: '^5.0.0' } }),
      'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/phaser': { version: '3.87.0' } } }),
    });
    expect(phaser).toMatchObject({ engine: 'Phaser', version: '3.87.0', file: 'package.json' });
    expect(factsOf(phaser)).toEqual({ phaser: '^3.80.0', Locked: '3.87.0' });
  });

  it('finds a copied phaser.min.js by its name and banner', () => {
    const [phaser] = detect({ 'lib/phaser.min.js': '/* Phaser v3.60.0 (c) Photon Storm */ !function(){}' }, [
      'index.html',
      'lib/phaser.min.js',
    ]);
    expect(phaser).toMatchObject({ engine: 'Phaser', version: '3.60.0', file: 'lib/phaser.min.js' });
  });

  it('finds PixiJS, Three.js and Babylon.js with yarn.lock versions', () => {
    const found = detect({
      'package.json': JSON.stringify({ dependencies: { 'pixi.js': '^8.1.0', three: '^0.165.0', '@babylonjs/core': '7.10.0' } }),
      'yarn.lock': '"pixi.js@^8.1.0":\n  version "8.1.5"\n\nthree@^0.165.0:\n  version "0.165.0"\n',
    });
    expect(found.map((engine) => [engine.engine, engine.version])).toEqual([
      ['PixiJS', '8.1.5'],
      ['Three.js', '0.165.0'],
      ['Babylon.js', '7.10.0'],
    ]);
  });

  it('finds Defold, GameMaker, Bevy (Cargo.lock), libGDX (gradle.properties) and MonoGame', () => {
    const found = detect({
      'game.project': '[project]\ntitle = Platformer\n\n[bootstrap]\nmain_collection = /main/main.collectionc\n',
      'Runner.yyp': '{"resourceType":"GMProject","MetaData":{"IDEVersion":"2024.8.1.171",},"name":"Runner"}',
      'Cargo.toml': '[package]\nname = "game"\n\n[dependencies]\nbevy = { version = "0.14", features = ["dynamic_linking"] }\n',
      'Cargo.lock': '[[package]]\nname = "bevy"\nversion = "0.14.2"\n',
      'gradle.properties': 'gdxVersion=1.12.1\n',
      'core/build.gradle': 'dependencies {\n  api "com.badlogicgames.gdx:gdx:$gdxVersion"\n}\n',
      'Game/Game.csproj':
        '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>' +
        '<ItemGroup><PackageReference Include="MonoGame.Framework.DesktopGL" Version="3.8.2.1105" /></ItemGroup></Project>',
    });
    expect(found.map((engine) => [engine.engine, engine.version])).toEqual([
      ['Defold', null],
      ['GameMaker', '2024.8.1.171'],
      ['Bevy', '0.14.2'],
      ['libGDX', '1.12.1'],
      ['MonoGame', '3.8.2.1105'],
    ]);
    expect(factsOf(found[0])).toEqual({ 'Project name': 'Platformer', 'Main collection': '/main/main.collectionc' });
    expect(factsOf(found[4])).toEqual({ Platform: 'DesktopGL', 'Target framework': 'net8.0' });
  });

  it('reads a cross-platform MonoGame game from its DesktopGL application and names every platform', () => {
    const [monoGame] = detect({
      // Listed first and alphabetically first: must not be taken for the game's main project.
      'Pong/Pong.Android/Pong.Android.csproj': csproj('Exe', 'net6.0-android', 'Android'),
      'Pong/Pong.Core/Pong.Core.csproj': csproj(null, 'net6.0-core', 'DesktopGL'),
      'Pong/Pong.DesktopGL/Pong.DesktopGL.csproj': csproj('WinExe', 'net6.0', 'DesktopGL'),
      'Pong/Pong.iOS/Pong.iOS.csproj': csproj('Exe', 'net6.0-ios', 'iOS'),
      'Pong/Pong.WindowsDX/Pong.WindowsDX.csproj': csproj('WinExe', 'net6.0-windows', 'WindowsDX'),
    });
    expect(monoGame).toMatchObject({ engine: 'MonoGame', version: '3.8.1.303', file: 'Pong/Pong.DesktopGL/Pong.DesktopGL.csproj' });
    expect(factsOf(monoGame)).toEqual({ Platforms: 'DesktopGL, Android, iOS, WindowsDX', 'Target framework': 'net6.0' });
  });

  it('names a Godot 4 project’s renderer, the default one too', () => {
    expect(godot('')).toBe('Forward+ (default)');
    expect(godot('\n[rendering]\nrenderer/rendering_method="gl_compatibility"\n')).toBe('Compatibility');
    expect(godot('\n[rendering]\nrenderer/rendering_method="mobile"\n')).toBe('Mobile');
  });
});

describe('exact versions from lock files', () => {
  it('pins pub, CocoaPods and npm packages to what pubspec.lock, Podfile.lock and package-lock.json say', () => {
    const manifests = readManifests(
      new Map(
        Object.entries({
          'pubspec.yaml': 'name: app\ndependencies:\n  http: ^1.1.0\n',
          'pubspec.lock':
            'packages:\n  http:\n    dependency: "direct main"\n    description:\n      name: http\n    source: hosted\n    version: "1.2.2"\n',
          'ios/Podfile': "platform :ios, '13.0'\npod 'Alamofire', '~> 5.8'\n",
          'ios/Podfile.lock': 'PODS:\n  - Alamofire (5.8.1)\n\nDEPENDENCIES:\n  - Alamofire (~> 5.8)\n',
          'package.json': JSON.stringify({ dependencies: { 'react-native': '0.74.1' } }),
          'package-lock.json': JSON.stringify({ lockfileVersion: 1, dependencies: { 'react-native': { version: '0.74.1' } } }),
        }),
      ),
    );
    expect(manifests.map((manifest) => [manifest.file, manifest.packages])).toEqual([
      ['ios/Podfile', [{ name: 'Alamofire', version: '~> 5.8', locked: '5.8.1' }]],
      ['package.json', [{ name: 'react-native', version: '0.74.1', locked: '0.74.1' }]],
      ['pubspec.yaml', [{ name: 'http', version: '^1.1.0', locked: '1.2.2' }]],
    ]);
  });

  it('reads pnpm-lock.yaml: the root importer of lockfile 9, peers left off, and lockfile 5', () => {
    const packageJson = JSON.stringify({ dependencies: { 'react-native': '^0.81.0', '@expo/metro-runtime': '^6.1.0' } });
    const lockfile9 = [
      "lockfileVersion: '9.0'",
      '',
      'importers:',
      '',
      '  .:',
      '    dependencies:',
      "      '@expo/metro-runtime':",
      '        specifier: ^6.1.0',
      '        version: 6.1.2(expo@54.0.32)(react@19.1.0)',
      '      react-native:',
      '        specifier: ^0.81.0',
      '        version: 0.81.5(@babel/core@7.28.6)(react@19.1.0)',
      '',
      '  docs:',
      '    dependencies:',
      '      react-native:',
      '        specifier: 0.70.0',
      '        version: 0.70.0',
      '',
      'snapshots:',
      '',
      '  expo@54.0.32:',
      '    dependencies:',
      '      react-native: 0.79.0',
      '',
    ].join('\n');
    const [app] = readManifests(
      new Map([
        ['package.json', packageJson],
        ['pnpm-lock.yaml', lockfile9],
      ]),
    );
    expect(app?.packages).toEqual([
      { name: 'react-native', version: '^0.81.0', locked: '0.81.5' },
      { name: '@expo/metro-runtime', version: '^6.1.0', locked: '6.1.2' },
    ]);
    const lockfile5 =
      'lockfileVersion: 5.4\n\nspecifiers:\n  react-native: ^0.64.0\n\ndependencies:\n  react-native: 0.64.4_react@17.0.2\n';
    const [reactNative] = detect({
      'package.json': JSON.stringify({ dependencies: { 'react-native': '^0.64.0' } }),
      'pnpm-lock.yaml': lockfile5,
    });
    expect(reactNative).toMatchObject({ engine: 'React Native', version: '0.64.4' });
  });

  it('leaves the Flutter SDK’s own packages unpinned, and names the SDKs pubspec.lock’s packages need', () => {
    const files = new Map(
      Object.entries({
        'app/pubspec.yaml':
          'name: app\nenvironment:\n  sdk: ^3.1.0\n  flutter: ^3.13.0\ndependencies:\n  flutter:\n    sdk: flutter\n  http: ^1.1.0\n',
        'app/pubspec.lock': [
          'packages:',
          '  flutter:',
          '    dependency: "direct main"',
          '    description: flutter',
          '    source: sdk',
          '    version: "0.0.0"',
          '  http:',
          '    dependency: "direct main"',
          '    source: hosted',
          '    version: "1.2.2"',
          'sdks:',
          '  dart: ">=3.2.0 <4.0.0"',
          '  flutter: ">=3.16.0"',
          '',
        ].join('\n'),
      }),
    );
    expect(readManifests(files)[0]?.packages).toEqual([
      { name: 'flutter', version: 'any' },
      { name: 'http', version: '^1.1.0', locked: '1.2.2' },
    ]);
    const [flutter] = detectEngines(files);
    expect(flutter).toMatchObject({ engine: 'Flutter', version: '^3.13.0' });
    expect(factsOf(flutter)).toEqual({
      Flutter: '^3.13.0',
      'Dart SDK': '^3.1.0',
      'Locked packages need Flutter': '>=3.16.0',
      'Locked packages need Dart': '>=3.2.0 <4.0.0',
    });
  });

  it('names the CocoaPods version Podfile.lock was written with', () => {
    const [ios] = detect({
      'App.xcodeproj/project.pbxproj': 'IPHONEOS_DEPLOYMENT_TARGET = 11.0;\nSWIFT_VERSION = 4.0;\n',
      Podfile: "platform :ios, '11.0'\npod 'Alamofire', '~> 4.8'\n",
      'Podfile.lock': 'PODS:\n  - Alamofire (4.8.1)\n\nPODFILE CHECKSUM: cf0c\n\nCOCOAPODS: 1.6.1\n',
    });
    expect(factsOf(ios)).toEqual({ 'Deployment target': '11.0', Swift: '4.0', 'Podfile platform': '11.0', CocoaPods: '1.6.1' });
  });
});
