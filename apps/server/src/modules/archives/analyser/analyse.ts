import type { Engine, InsideLanguage, InsideLicence, InsideReport, SellerWarning } from '@market/contracts';
import { declaredLicences, isLicenceManifest } from './declared-licences.js';
import { baseName, detectEngines, isDetectorFile } from './engines.js';
import { HEADER_EXTENSION, headerLanguage, type Language, languageTable } from './languages.js';
import { identifyLicence, isLicenceFile } from './licences.js';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS, MAX_KEPT_TEXT_BYTES, MAX_SCANNED_BYTES } from './limits.js';
import { readManifests } from './manifests.js';
import { isEnvironmentFile, warningForName, warningsInText } from './secrets.js';
import type { RandomAccessArchive } from './zip-directory.js';
import { visitEntries } from './zip-entries.js';

/** What one analysis finds: the report's body, the seller's warnings, and the engine search filters by. */
export type ArchiveAnalysis = Pick<
  InsideReport,
  'files' | 'languages' | 'vendored' | 'engines' | 'manifests' | 'licences' | 'declaredLicences'
> & {
  warnings: SellerWarning[];
  engine: Engine | null;
};

/** Folders of third-party or generated files, wherever they sit in the tree; their lines are counted apart. */
const VENDORED_FOLDERS = new Set([
  'Library',
  'Temp',
  'Logs',
  'obj',
  'build',
  'Build',
  'Pods',
  'Carthage',
  'DerivedData',
  'node_modules',
  '.gradle',
  '.dart_tool',
  '.godot',
  'Intermediate',
  'Binaries',
  'DerivedDataCache',
  'vendor',
]);
const MAX_VENDORED_LISTED = 50;
/** Configuration-like files worth a secret scan though Linguist calls them data, not code. */
const SCANNED_DATA = /\.(env|txt|json|xml|ya?ml|properties|plist|cfg|ini|conf|config|pem|key|gradle|toml|asset|js|ts)$|^[^.]+$/i;
/** A NUL in the first bytes marks a binary file, as Git decides it. */
const BINARY_SNIFF_BYTES = 8000;

interface LanguageCount {
  language: Language;
  lines: number;
  files: number;
}

/**
 * Reads an archive once, entry by entry, without extracting it: every file's path and size, the
 * lines of each code file, the texts the detectors need, and secrets in text files. Rejects with
 * ArchiveRefused when the archive breaks a limit.
 */
export interface AnalyseOptions {
  limits?: ArchiveLimits;
  /** Told now and then how many entries have been read of how many there are. */
  progress?: (read: number, total: number) => void;
}

export async function analyseArchive(archive: RandomAccessArchive, options: AnalyseOptions = {}): Promise<ArchiveAnalysis> {
  const table = await languageTable();
  const files: Array<{ path: string; size: number }> = [];
  const folders = new Set<string>();
  const vendoredRoots = new Set<string>();
  const own = new Map<string, LanguageCount>();
  const extensions = new Set<string>();
  const headers = { lines: 0, files: 0 };
  const vendored = { files: 0, lines: 0 };
  const texts = new Map<string, string>();
  let keptBytes = 0;
  const licences: InsideLicence[] = [];
  const warnings: SellerWarning[] = [];

  await visitEntries(
    archive,
    async (entry) => {
      addFolders(folders, entry.isDirectory ? entry.path : parentOf(entry.path));
      if (entry.isDirectory) return;
      files.push({ path: entry.path, size: entry.size });
      const vendoredRoot = vendoredRootOf(entry.path);
      if (vendoredRoot) {
        vendoredRoots.add(vendoredRoot);
        vendored.files++;
      }
      const nameWarning = warningForName(entry.path);
      if (nameWarning) warnings.push(nameWarning);

      const name = baseName(entry.path);
      const extension = name.includes('.', 1) ? name.slice(name.lastIndexOf('.')).toLowerCase() : '';
      const isHeader = extension === HEADER_EXTENSION;
      const language = isHeader ? null : table.of(entry.path);
      const isCode = isHeader || language !== null;
      const isLicence = !vendoredRoot && isLicenceFile(entry.path);
      const isDetector = !vendoredRoot && (isDetectorFile(entry.path) || isLicenceManifest(entry.path));
      const scanned =
        entry.size <= MAX_SCANNED_BYTES && (isCode || isLicence || isDetector || SCANNED_DATA.test(name) || isEnvironmentFile(entry.path));
      if (!isCode && !scanned) return;

      const read = entry.size <= MAX_SCANNED_BYTES ? smallFile(await entry.bytes()) : await largeFile(entry.chunks());
      if (!read) return;
      if (read.text !== null) {
        warnings.push(...warningsInText(entry.path, read.text));
        if (isLicence) licences.push(identifyLicence(entry.path, read.text));
        // Detector files wait for the end of the archive; an archive repeating them cannot make that wait hold gigabytes.
        if (isDetector && keptBytes + entry.size <= MAX_KEPT_TEXT_BYTES) {
          texts.set(entry.path, read.text);
          keptBytes += entry.size;
        }
      }
      if (vendoredRoot) {
        if (isCode) vendored.lines += read.lines;
        return;
      }
      if (extension) extensions.add(extension);
      if (isHeader) {
        headers.lines += read.lines;
        headers.files++;
      } else if (language) count(own, language, read.lines, 1);
    },
    options.limits ?? DEFAULT_ARCHIVE_LIMITS,
    options.progress,
  );

  if (headers.files > 0) count(own, headerLanguage(table, extensions), headers.lines, headers.files);
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const engines = detectEngines(texts);
  return {
    files: {
      count: files.length,
      folders: folders.size,
      totalBytes: files.reduce((sum, file) => sum + file.size, 0),
      paths: files.map((file) => file.path),
      sizes: files.map((file) => file.size),
    },
    languages: shares(own),
    vendored: { folders: [...vendoredRoots].sort().slice(0, MAX_VENDORED_LISTED), ...vendored },
    engines,
    manifests: readManifests(texts),
    licences: licences.sort((a, b) => a.file.localeCompare(b.file)),
    declaredLicences: declaredLicences(texts, licences),
    warnings,
    engine: engines[0]?.engine ?? null,
  };
}

/** A small file's line count and text; null for a binary file. */
function smallFile(bytes: Buffer | null): { lines: number; text: string | null } | null {
  if (!bytes || bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return null;
  return { lines: newlinesIn(bytes) + unterminatedLine(bytes.at(-1)), text: bytes.toString('utf8') };
}

/** A large file's line count, streamed; null for a binary file. */
async function largeFile(chunks: AsyncIterable<Buffer>): Promise<{ lines: number; text: null } | null> {
  let newlines = 0;
  let size = 0;
  let last: number | undefined;
  for await (const chunk of chunks) {
    if (size < BINARY_SNIFF_BYTES && chunk.subarray(0, BINARY_SNIFF_BYTES - size).includes(0)) return null;
    newlines += newlinesIn(chunk);
    size += chunk.length;
    last = chunk.at(-1) ?? last;
  }
  return { lines: newlines + unterminatedLine(last), text: null };
}

const NEWLINE = 10;

function newlinesIn(bytes: Buffer): number {
  let newlines = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) newlines++;
  return newlines;
}

/** A last line with no newline after it still counts. */
const unterminatedLine = (lastByte: number | undefined) => (lastByte !== undefined && lastByte !== NEWLINE ? 1 : 0);

function count(counts: Map<string, LanguageCount>, language: Language, lines: number, files: number) {
  const known = counts.get(language.name);
  counts.set(language.name, { language, lines: (known?.lines ?? 0) + lines, files: (known?.files ?? 0) + files });
}

function shares(counts: ReadonlyMap<string, LanguageCount>): InsideLanguage[] {
  const total = [...counts.values()].reduce((sum, language) => sum + language.lines, 0);
  return [...counts.values()]
    .sort((a, b) => b.lines - a.lines || a.language.name.localeCompare(b.language.name))
    .map(({ language, lines, files }) => ({
      name: language.name,
      color: language.color,
      lines,
      files,
      percent: total === 0 ? 0 : Math.round((lines / total) * 1000) / 10,
    }));
}

const parentOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));

function addFolders(folders: Set<string>, folder: string) {
  for (let at = folder; at && !folders.has(at); at = parentOf(at)) folders.add(at);
}

/** "ios/Pods" for "ios/Pods/Alamofire/Source/AF.swift": the first vendored folder on the path. */
function vendoredRootOf(path: string): string | null {
  const segments = path.split('/');
  const index = segments.slice(0, -1).findIndex((segment) => VENDORED_FOLDERS.has(segment));
  return index === -1 ? null : segments.slice(0, index + 1).join('/');
}
