import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, deflateRawSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** A licence's text as the SPDX licence list publishes it (the spdx-license-list package). */
export function licenceText(spdx) {
  return JSON.parse(readFileSync(require.resolve(`spdx-license-list/licenses/${spdx}.json`), 'utf8')).licenseText;
}

/** A ZIP archive of these files, stored or deflated (see index.d.ts). */
export function makeZip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const raw = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8');
    const crc = crc32(raw);
    const data = file.deflate ? deflateRawSync(raw) : raw;
    const method = file.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0, 10); // time and date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(file.unixMode === undefined ? 20 : (3 << 8) | 20, 4); // made by (Unix when a mode is given)
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((file.unixMode ?? 0) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const lines = (count, line) => Array.from({ length: count }, (_, index) => line.replaceAll('#', String(index))).join('\n') + '\n';

export function unityProjectFiles() {
  return [
    {
      name: 'ProjectSettings/ProjectVersion.txt',
      content: 'm_EditorVersion: 2022.3.21f1\nm_EditorVersionWithRevision: 2022.3.21f1 (bf02bd2d7a4b)\n',
    },
    {
      name: 'Packages/manifest.json',
      content: JSON.stringify(
        {
          dependencies: {
            'com.unity.render-pipelines.universal': '14.0.10',
            'com.unity.inputsystem': '1.7.0',
            'com.unity.textmeshpro': '3.0.6',
          },
        },
        null,
        2,
      ),
    },
    {
      name: 'Assets/Scripts/Player.cs',
      content: 'using UnityEngine;\n\npublic class Player : MonoBehaviour\n{\n' + lines(40, '    int field# = #;') + '}\n',
      deflate: true,
    },
    {
      name: 'Assets/Scripts/Enemy.cs',
      content: 'using UnityEngine;\n\npublic class Enemy : MonoBehaviour\n{\n' + lines(42, '    float speed# = #f;') + '}\n',
      deflate: true,
    },
    { name: 'Assets/Shaders/Water.shader', content: 'Shader "Custom/Water"\n{\n' + lines(6, '    // pass #') + '}\n' },
    { name: 'Assets/Scenes/Main.unity', content: '%YAML 1.1\n--- !u!29 &1\nOcclusionCullingSettings:\n' },
    { name: 'Library/PackageCache/com.unity.textmeshpro/TMP_Text.cs', content: lines(300, '// generated #'), deflate: true },
    { name: 'README.md', content: '# Space Shooter\n\nOpen in Unity 2022.3.\n' },
  ];
}

export function androidProjectFiles() {
  return [
    {
      name: 'build.gradle',
      content:
        "plugins {\n    id 'com.android.application' version '8.2.2' apply false\n    id 'org.jetbrains.kotlin.android' version '1.9.22' apply false\n}\n",
    },
    {
      name: 'app/build.gradle',
      content: [
        'plugins {',
        "    id 'com.android.application'",
        "    id 'org.jetbrains.kotlin.android'",
        '}',
        'android {',
        '    compileSdk 34',
        '    defaultConfig {',
        '        minSdk 24',
        '        targetSdk 34',
        '    }',
        '}',
        'dependencies {',
        "    implementation 'androidx.core:core-ktx:1.12.0'",
        '    implementation("com.squareup.retrofit2:retrofit:2.9.0")',
        '}',
        '',
      ].join('\n'),
    },
    {
      name: 'gradle/wrapper/gradle-wrapper.properties',
      content: 'distributionUrl=https\\://services.gradle.org/distributions/gradle-8.5-bin.zip\n',
    },
    { name: 'app/src/main/java/com/example/game/MainActivity.kt', content: 'package com.example.game\n\n' + lines(20, 'val value# = #') },
    { name: 'app/src/main/AndroidManifest.xml', content: '<manifest package="com.example.game"/>\n' },
    { name: 'app/build/generated/R.java', content: lines(100, 'int id# = #;') },
  ];
}

/**
 * An Android app as Android Studio and Now in Android write them today: Kotlin DSL, a version catalog
 * with versions, libraries, a bundle and plugins, SDK levels set by a build-logic convention plugin
 * from the catalog, and the GPL-3.0 as its licence.
 */
export function modernAndroidProjectFiles() {
  return [
    {
      name: 'gradle/libs.versions.toml',
      content: [
        '[versions]',
        'agp = "8.7.3"',
        'kotlin = "2.1.0"',
        'androidxCore = "1.15.0"',
        'compileSdk = "35"',
        'minSdk = "24"',
        'retrofit = { strictly = "2.11.0" }',
        '',
        '[libraries]',
        'androidx-core-ktx = { group = "androidx.core", name = "core-ktx", version.ref = "androidxCore" }',
        'retrofit-core = { module = "com.squareup.retrofit2:retrofit", version.ref = "retrofit" }',
        'compose-bom = "androidx.compose:compose-bom:2024.12.01"',
        'compose-ui = { group = "androidx.compose.ui", name = "ui" }',
        'android-gradlePlugin = { group = "com.android.tools.build", name = "gradle", version.ref = "agp" }',
        '',
        '[bundles]',
        'compose = [',
        '    "compose-ui",',
        ']',
        '',
        '[plugins]',
        'android-application = { id = "com.android.application", version.ref = "agp" }',
        'kotlin-android = { id = "org.jetbrains.kotlin.android", version.ref = "kotlin" }',
        'game-android-application = { id = "game.android.application" }',
        '',
      ].join('\n'),
    },
    {
      name: 'build.gradle.kts',
      content:
        'plugins {\n    alias(libs.plugins.android.application) apply false\n    alias(libs.plugins.kotlin.android) apply false\n}\n',
    },
    {
      name: 'build-logic/convention/src/main/kotlin/AndroidApplicationConventionPlugin.kt',
      content: [
        'class AndroidApplicationConventionPlugin : Plugin<Project> {',
        '    override fun apply(target: Project) {',
        '        with(target) {',
        '            extensions.configure<ApplicationExtension> {',
        '                compileSdk = libs.findVersion("compileSdk").get().toString().toInt()',
        '                defaultConfig.targetSdk = 35',
        '            }',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n'),
    },
    {
      name: 'app/build.gradle.kts',
      content: [
        'plugins {',
        '    alias(libs.plugins.game.android.application)',
        '}',
        'android {',
        '    namespace = "com.example.game"',
        '    compileSdk = libs.versions.compileSdk.get().toInt()',
        '    defaultConfig {',
        '        minSdk = libs.versions.minSdk.get().toInt()',
        '    }',
        '}',
        'dependencies {',
        '    implementation(libs.androidx.core.ktx)',
        '    implementation(platform(libs.compose.bom))',
        '}',
        '',
      ].join('\n'),
    },
    {
      name: 'gradle/wrapper/gradle-wrapper.properties',
      content: 'distributionUrl=https\\://services.gradle.org/distributions/gradle-8.11.1-bin.zip\n',
    },
    { name: 'gradlew', content: lines(180, 'exec "$JAVACMD" "$@" #') },
    { name: 'app/src/main/java/com/example/game/MainActivity.kt', content: 'package com.example.game\n\n' + lines(30, 'val value# = #') },
    { name: 'LICENSE', content: licenceText('GPL-3.0-only') },
  ];
}

/** An older Android app in Groovy: SDK levels in the root's ext block and gradle.properties, versions as $variables. */
export function groovyAndroidProjectFiles() {
  return [
    {
      name: 'build.gradle',
      content: [
        'buildscript {',
        "    ext.kotlin_version = '1.9.24'",
        '    dependencies {',
        "        classpath 'com.android.tools.build:gradle:8.4.1'",
        '        classpath "org.jetbrains.kotlin:kotlin-gradle-plugin:$kotlin_version"',
        '    }',
        '}',
        'ext {',
        '    compileSdkVersion = 34',
        '    minSdkVersion = 23',
        "    retrofitVersion = '2.11.0'",
        '}',
        '',
      ].join('\n'),
    },
    { name: 'gradle.properties', content: 'org.gradle.jvmargs=-Xmx2048m\nandroid.useAndroidX=true\ntargetSdk=34\n' },
    {
      name: 'app/build.gradle',
      content: [
        "apply plugin: 'com.android.application'",
        "apply plugin: 'kotlin-android'",
        'android {',
        '    compileSdkVersion rootProject.ext.compileSdkVersion',
        '    defaultConfig {',
        '        minSdkVersion rootProject.ext.minSdkVersion',
        "        targetSdkVersion project.property('targetSdk') as Integer",
        '    }',
        '}',
        'dependencies {',
        '    implementation "com.squareup.retrofit2:retrofit:$retrofitVersion"',
        '    implementation "org.jetbrains.kotlin:kotlin-stdlib:${kotlin_version}"',
        '}',
        '',
      ].join('\n'),
    },
    { name: 'app/src/main/java/com/example/old/MainActivity.java', content: lines(40, 'int field# = #;') },
  ];
}

/** SDK levels as constants of a buildSrc object, the way many apps of 2019–2022 kept them. */
export function buildSrcAndroidProjectFiles() {
  return [
    {
      name: 'buildSrc/src/main/kotlin/AndroidConfig.kt',
      content: 'object AndroidConfig {\n    const val compileSdk = 33\n    const val minSdk = 21\n    const val targetSdk = 33\n}\n',
    },
    {
      name: 'app/build.gradle.kts',
      content: [
        'plugins {',
        '    id("com.android.application")',
        '}',
        'android {',
        '    compileSdk = AndroidConfig.compileSdk',
        '    defaultConfig {',
        '        minSdk = AndroidConfig.minSdk',
        '        targetSdk = AndroidConfig.targetSdk',
        '    }',
        '}',
        '',
      ].join('\n'),
    },
  ];
}

export function xcodeProjectFiles() {
  return [
    {
      name: 'Runner.xcodeproj/project.pbxproj',
      content: '// !$*UTF8*$!\n{\n\tbuildSettings = {\n\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;\n\t\tSWIFT_VERSION = 5.0;\n\t};\n}\n',
    },
    { name: 'Podfile', content: "platform :ios, '15.0'\n\ntarget 'Runner' do\n  pod 'Alamofire', '~> 5.8'\n  pod 'SnapKit'\nend\n" },
    { name: 'Runner/AppDelegate.swift', content: 'import UIKit\n\n' + lines(30, 'let value# = #') },
    { name: 'Pods/Alamofire/Source/Session.swift', content: lines(200, 'let pod# = #') },
  ];
}

export function flutterAppFiles() {
  return [
    {
      name: 'pubspec.yaml',
      content: [
        'name: puzzle_app',
        'environment:',
        "  sdk: '>=3.3.0 <4.0.0'",
        "  flutter: '>=3.19.0'",
        'dependencies:',
        '  flutter:',
        '    sdk: flutter',
        '  provider: ^6.1.1',
        '  shared_preferences: ^2.2.2',
        'flutter:',
        '  uses-material-design: true',
        '',
      ].join('\n'),
    },
    { name: 'lib/main.dart', content: "import 'package:flutter/material.dart';\n\n" + lines(25, 'final value# = #;') },
  ];
}

export function godotProjectFiles() {
  return [
    {
      name: 'project.godot',
      content:
        'config_version=5\n\n[application]\n\nconfig/name="Dungeon Crawler"\nconfig/features=PackedStringArray("4.2", "Forward Plus")\n',
    },
    { name: 'scripts/player.gd', content: 'extends CharacterBody2D\n\n' + lines(18, 'var speed# = #') },
  ];
}

export function licenceFiles() {
  return [
    { name: 'LICENSE', content: licenceText('MIT').replace('<year> <copyright holders>', '2026 Studio') },
    // Unity writes a .meta twin beside every asset, a licence file too.
    { name: 'LICENSE.meta', content: 'fileFormatVersion: 2\nguid: 0a6c54a1b2c3d4e5f60718293a4b5c6d\nTextScriptImporter:\n' },
    { name: 'ThirdParty/Physics/COPYING', content: licenceText('GPL-3.0-only') },
  ];
}

export function leakedSecretFiles() {
  return [
    { name: 'keystore/release.jks', content: Buffer.from([0xfe, 0xed, 0xfe, 0xed, 0, 0, 0, 2, 0, 0, 0, 1]) },
    { name: 'Assets/Config/cloud.json', content: '{\n  "region": "eu-west-1",\n  "accessKeyId": "AKIAIOSFODNN7EXAMPLE"\n}\n' },
  ];
}

export function manyFiles(count) {
  return Array.from({ length: count }, (_, index) => ({
    name: `Assets/Module${index % 50}/Part${Math.floor(index / 50) % 20}/File${index}.cs`,
    content: `namespace Game.Module${index % 50}\n{\n    public class File${index}\n    {\n        public int Value => ${index};\n    }\n}\n`,
  }));
}

/**
 * A TextMesh Pro SDF font asset as Unity writes it with Asset Serialization "Force Text": the font's
 * glyph and character tables, then the atlas texture's Alpha8 pixels as one line of hex. A few
 * glyphs on a large atlas leave it mostly "00", which zip tools pack 200 to 1,000 times over.
 */
export function textMeshProFontAsset({ atlasSize = 2048, glyphs = 20 } = {}) {
  const parts = [
    '%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!114 &11400000\nMonoBehaviour:\n  m_ObjectHideFlags: 0\n',
    '  m_Script: {fileID: 11500000, guid: 71c1514a6bd24e1e882cebbe1904ce04, type: 3}\n  m_Name: LiberationSans SDF\n',
    '  m_Version: 1.1.0\n  m_FaceInfo:\n    m_FamilyName: Liberation Sans\n    m_StyleName: Regular\n    m_PointSize: 86\n',
    `  m_AtlasWidth: ${atlasSize}\n  m_AtlasHeight: ${atlasSize}\n  m_AtlasPadding: 9\n  m_GlyphTable:\n`,
  ];
  const cells = Array.from({ length: glyphs }, (_, index) => ({
    x: (index % 10) * 90 + 40,
    y: Math.floor(index / 10) * 90 + 40,
    r: 20 + ((index * 7) % 15),
  }));
  for (const [index, cell] of cells.entries()) {
    parts.push(
      `  - m_Index: ${index + 3}\n    m_Metrics:\n      m_Width: ${cell.r * 2}\n      m_Height: ${cell.r * 2}\n` +
        `      m_HorizontalAdvance: ${cell.r * 2 + 7}\n    m_GlyphRect:\n      m_X: ${cell.x - cell.r}\n      m_Y: ${cell.y - cell.r}\n` +
        `      m_Width: ${cell.r * 2}\n      m_Height: ${cell.r * 2}\n    m_Scale: 1\n    m_AtlasIndex: 0\n`,
    );
  }
  parts.push('  m_CharacterTable:\n');
  for (let index = 0; index < glyphs; index++)
    parts.push(`  - m_ElementType: 1\n    m_Unicode: ${33 + index}\n    m_GlyphIndex: ${index + 3}\n    m_Scale: 1\n`);
  parts.push(
    '--- !u!28 &28268798066460806\nTexture2D:\n  m_ObjectHideFlags: 0\n  m_Name: LiberationSans SDF Atlas\n',
    `  m_Width: ${atlasSize}\n  m_Height: ${atlasSize}\n  m_CompleteImageSize: ${atlasSize * atlasSize}\n  m_TextureFormat: 1\n`,
    `  image data: ${atlasSize * atlasSize}\n  _typelessdata: `,
  );
  // Each glyph a signed distance field: 0 far from it, rising to 255 inside its outline.
  const hex = '0123456789abcdef';
  const row = Buffer.alloc(atlasSize * 2);
  for (let y = 0; y < atlasSize; y++) {
    row.fill('0');
    for (const cell of cells) {
      if (Math.abs(y - cell.y) > cell.r + 8) continue;
      for (let x = Math.max(0, cell.x - cell.r - 8); x < Math.min(atlasSize, cell.x + cell.r + 8); x++) {
        const value = Math.max(0, Math.min(255, Math.round(128 - (Math.hypot(x - cell.x, y - cell.y) - cell.r) * 16)));
        row[x * 2] = hex.charCodeAt(value >> 4);
        row[x * 2 + 1] = hex.charCodeAt(value & 15);
      }
    }
    parts.push(row.toString('latin1'));
  }
  parts.push('\n  m_StreamData:\n    offset: 0\n    size: 0\n    path: \n');
  return parts.join('');
}
