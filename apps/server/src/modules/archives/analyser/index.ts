export { analyseArchive, type ArchiveAnalysis } from './analyse.js';
export { ANALYSER_VERSION, ARCHIVE_LIMITS } from './limits.js';
export { ArchiveRefused, type RandomAccessArchive } from './zip-directory.js';
