export { type AnalyseOptions, analyseArchive, type ArchiveAnalysis } from './analyse.js';
export { ANALYSER_VERSION, type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from './limits.js';
export { ArchiveRefused, type RandomAccessArchive } from './zip-directory.js';
export { copyleftOf } from './licences.js';
export { type ArchiveFingerprints, archiveFingerprints, compareFingerprints, type FileDifference } from './fingerprints.js';
