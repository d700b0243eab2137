/**
 * Bump when the report changes shape or finds more: every release whose report is older is
 * analysed again in the background.
 */
export const ANALYSER_VERSION = 1;

/** What an archive may hold before it is refused rather than read. */
export const ARCHIVE_LIMITS = {
  maxEntries: 50_000,
  maxUncompressedBytes: 2 * 1024 ** 3,
  /** An entry that inflates more than this many times its compressed size is a zip bomb… */
  maxCompressionRatio: 200,
  /** …unless it is this small, since tiny files of one repeated byte compress that well honestly. */
  ratioCheckedFromBytes: 1024 ** 2,
} as const;

/** Text read whole for the detectors and the secret scan; a longer file is only counted. */
export const MAX_SCANNED_BYTES = 1024 ** 2;

/** Detector files' texts held until the archive has been read; those past this are left out of the detection. */
export const MAX_KEPT_TEXT_BYTES = 32 * 1024 ** 2;
