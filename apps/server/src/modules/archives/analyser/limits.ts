/**
 * Bump when the report changes shape or finds more: every release whose report is older is
 * analysed again in the background. 2: whole-archive limits (no more false refusals of text
 * assets that pack 200× and over), SPDX licences, sharper secret warnings. 3: each C header's
 * language by its own text, as Linguist reads it; the Apache-2.0 notice shipped alone identified;
 * a library in lib/ set apart by the banner over its opening comment; the project's .gitattributes
 * in the language shares, every MonoGame platform, the Android Gradle Plugin and Kotlin from
 * build-logic, buildSrc and applied versions files, ProGuard rules as data.
 */
export const ANALYSER_VERSION = 3;

/** What an archive may hold before it is refused rather than read; `maxUnpackedBytes` comes from ARCHIVE_MAX_UNPACKED_MB. */
export interface ArchiveLimits {
  maxEntries: number;
  /** The whole archive's recorded sizes together: what a buyer's disk receives, however the entries share their bytes. */
  maxUnpackedBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 50_000,
  maxUnpackedBytes: 2 * 1024 ** 3,
};

/**
 * Deflate writes at least a bit or so per 258 repeated bytes, so no deflated entry unpacks to more
 * than about 1,032 times its packed size (zlib's own technical notes): one announcing more was
 * altered after it was made. Real text reaches far less (a TextMesh Pro font asset's atlas, written
 * as hex, 200–500× with Info-ZIP and 7-Zip; an empty one 1,015×), so nothing honest is refused here.
 */
export const MAX_DEFLATE_RATIO = 1032;
/** Entries this small are not worth the check: their inflation is capped at the recorded size anyway. */
export const RATIO_CHECKED_FROM_BYTES = 1024 ** 2;

/** Text read whole for the detectors and the secret scan; a longer file is only counted. */
export const MAX_SCANNED_BYTES = 1024 ** 2;

/** Detector files' texts held until the archive has been read; those past this are left out of the detection. */
export const MAX_KEPT_TEXT_BYTES = 32 * 1024 ** 2;
