export interface ZipFileSpec {
  name: string;
  content: string | Buffer;
  /** Deflated rather than stored. */
  deflate?: boolean;
  /** A Unix file mode (e.g. 0o120777 for a symbolic link), recorded as a Unix-made entry. */
  unixMode?: number;
}

/** A ZIP archive of these files, stored or deflated. */
export function makeZip(files: readonly ZipFileSpec[]): Buffer;

/** The files of a Unity 2022.3.21f1 project using URP: C# scripts, a shader, a Library folder. */
export function unityProjectFiles(): ZipFileSpec[];
/** An Android Gradle project in Kotlin: compileSdk 34, targetSdk 34, minSdk 24, AGP 8.2.2, Gradle 8.5, Kotlin 1.9.22. */
export function androidProjectFiles(): ZipFileSpec[];
/** An Android app in Kotlin DSL with a version catalog (AGP 8.7.3, Kotlin 2.1.0, SDK 35/35/24, Gradle 8.11.1) and a GPL-3.0 licence. */
export function modernAndroidProjectFiles(): ZipFileSpec[];
/** An Android app in Groovy: SDK 34/34/23 from ext and gradle.properties, AGP 8.4.1, Kotlin 1.9.24 and Retrofit 2.11.0 as $variables. */
export function groovyAndroidProjectFiles(): ZipFileSpec[];
/** An Android app whose SDK levels (33/33/21) are constants of a buildSrc object. */
export function buildSrcAndroidProjectFiles(): ZipFileSpec[];
/** An Xcode project (iOS 15.0, Swift 5.0) with a Podfile and its Pods folder. */
export function xcodeProjectFiles(): ZipFileSpec[];
/** A Flutter app (Flutter >=3.19.0, Dart >=3.3.0 <4.0.0) with two packages. */
export function flutterAppFiles(): ZipFileSpec[];
/** A Godot 4.2 project in GDScript. */
export function godotProjectFiles(): ZipFileSpec[];
/** A licence's text as the SPDX licence list publishes it, by its SPDX id ("GPL-3.0-only"). */
export function licenceText(spdx: string): string;
/** An MIT licence (and Unity's .meta twin of it) at the root and a GPL-3.0 one in a third-party folder. */
export function licenceFiles(): ZipFileSpec[];
/** A signing keystore and a config file with an AWS access key on line 3. */
export function leakedSecretFiles(): ZipFileSpec[];
/** `count` small C# files spread over nested folders, for the benchmark's largest archive. */
export function manyFiles(count: number): ZipFileSpec[];
/**
 * A TextMesh Pro SDF font asset as Unity writes it in text mode, its atlas's pixels in hex: megabytes
 * of YAML that zip tools pack over 200× (2048 px, 10 glyphs) to 1,000× (an empty atlas, 0 glyphs).
 */
export function textMeshProFontAsset(options?: { atlasSize?: number; glyphs?: number }): string;
