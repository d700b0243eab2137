import { describe, expect, it } from 'vitest';
import { ANDROID_GRADLE_PLUGIN, buildToolVersion, gradleValues, isGradleValueFile, KOTLIN_GRADLE_PLUGIN } from './gradle.js';

/** The Android Gradle Plugin's and Kotlin's versions a build declares, with the file each is read from. */
function toolVersions(files: Record<string, string>) {
  const texts = new Map(Object.entries(files).filter(([path]) => isGradleValueFile(path)));
  const values = gradleValues(texts);
  const scripts = [...texts].filter(([path]) => /(^|\/)build\.gradle(\.kts)?$/.test(path));
  return {
    agp: buildToolVersion(ANDROID_GRADLE_PLUGIN, scripts, values),
    kotlin: buildToolVersion(KOTLIN_GRADLE_PLUGIN, scripts, values),
  };
}

describe('the Android Gradle Plugin and Kotlin versions a build declares', () => {
  it('follows build-logic’s catalog dependencies to their versions', () => {
    // Version keys no name rule knows, and no plugin entry with a version: only the dependency leads to them.
    const found = toolVersions({
      'gradle/libs.versions.toml': [
        '[versions]',
        'androidTools = "8.7.3"',
        'jetbrainsKotlin = "2.1.0"',
        '[libraries]',
        'android-gradlePlugin = { group = "com.android.tools.build", name = "gradle", version.ref = "androidTools" }',
        'kotlin-gradlePlugin = { module = "org.jetbrains.kotlin:kotlin-gradle-plugin", version.ref = "jetbrainsKotlin" }',
        '[plugins]',
        'app-android-application = { id = "app.android.application" }',
        '',
      ].join('\n'),
      'build-logic/convention/build.gradle.kts': [
        'plugins {\n    `kotlin-dsl`\n}',
        'dependencies {',
        '    compileOnly(libs.android.gradlePlugin)',
        '    compileOnly(libs.kotlin.gradlePlugin)',
        '}',
        '',
      ].join('\n'),
      'build.gradle.kts': 'plugins {\n    alias(libs.plugins.app.android.application) apply false\n}\n',
    });
    expect(found).toEqual({
      agp: { version: '8.7.3', file: 'gradle/libs.versions.toml' },
      kotlin: { version: '2.1.0', file: 'gradle/libs.versions.toml' },
    });
  });

  it('reads buildSrc’s own dependencies, literal or through a value of its script', () => {
    const found = toolVersions({
      'buildSrc/build.gradle.kts': [
        'plugins {\n    `kotlin-dsl`\n}',
        'val agpVersion = "8.2.2"',
        'dependencies {',
        '    implementation("com.android.tools.build:gradle:$agpVersion")',
        '    implementation(kotlin("gradle-plugin", version = "1.9.22"))',
        '}',
        '',
      ].join('\n'),
      'buildSrc/src/main/kotlin/AndroidConfig.kt': 'object AndroidConfig {\n    const val compileSdk = 34\n}\n',
    });
    expect(found).toEqual({
      agp: { version: '8.2.2', file: 'buildSrc/build.gradle.kts' },
      kotlin: { version: '1.9.22', file: 'buildSrc/build.gradle.kts' },
    });
    expect(
      toolVersions({
        'buildSrc/build.gradle': "dependencies {\n    implementation 'com.android.tools.build:gradle:7.4.2'\n}\n",
      }).agp,
    ).toEqual({ version: '7.4.2', file: 'buildSrc/build.gradle' });
  });

  it('resolves the old buildscript’s classpath through ext blocks, one-line ext maps and an applied versions file', () => {
    expect(
      toolVersions({
        'build.gradle': [
          'buildscript {',
          '    ext {',
          "        agp_version = '7.0.4'",
          '    }',
          "    ext.versions = [kotlin: '1.6.10']",
          '    dependencies {',
          '        classpath "com.android.tools.build:gradle:$agp_version"',
          '        classpath "org.jetbrains.kotlin:kotlin-gradle-plugin:${versions.kotlin}"',
          '    }',
          '}',
          '',
        ].join('\n'),
      }),
    ).toEqual({ agp: { version: '7.0.4', file: 'build.gradle' }, kotlin: { version: '1.6.10', file: 'build.gradle' } });

    // Google's samples of 2018-2021: `apply from: 'versions.gradle'` and `classpath deps.android_gradle_plugin`.
    expect(
      toolVersions({
        'versions.gradle': [
          'ext.deps = [:]',
          'def versions = [:]',
          "versions.android_gradle_plugin = '4.2.2'",
          'def deps = [:]',
          'deps.android_gradle_plugin = "com.android.tools.build:gradle:$versions.android_gradle_plugin"',
          'ext.deps = deps',
          'ext {',
          '    build_versions = [',
          "        'kotlin': '1.5.21',",
          '    ]',
          '}',
          '',
        ].join('\n'),
        'build.gradle': [
          'buildscript {',
          "    apply from: 'versions.gradle'",
          '    dependencies {',
          '        classpath deps.android_gradle_plugin',
          '        classpath "org.jetbrains.kotlin:kotlin-gradle-plugin:$build_versions.kotlin"',
          '    }',
          '}',
          '',
        ].join('\n'),
      }),
    ).toEqual({ agp: { version: '4.2.2', file: 'build.gradle' }, kotlin: { version: '1.5.21', file: 'build.gradle' } });
  });

  it('reads `kotlin("android") version` in a plugins block, and finds nothing where nothing is declared', () => {
    expect(
      toolVersions({
        'build.gradle.kts':
          'plugins {\n    id("com.android.application") version "8.5.0" apply false\n    kotlin("android") version "2.0.20" apply false\n}\n',
      }),
    ).toEqual({ agp: { version: '8.5.0', file: 'build.gradle.kts' }, kotlin: { version: '2.0.20', file: 'build.gradle.kts' } });
    expect(toolVersions({ 'app/build.gradle': "apply plugin: 'com.android.application'\nandroid {\n    compileSdk 34\n}\n" })).toEqual({
      agp: null,
      kotlin: null,
    });
  });
});
