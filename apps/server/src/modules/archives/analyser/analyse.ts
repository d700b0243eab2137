import type { Engine, InsideLanguage, InsideLicence, InsideReport, SellerWarning } from '@market/contracts';
import { declaredLicences, isLicenceManifest } from './declared-licences.js';
import { detectEngines, isDetectorFile } from './engines.js';
import { type GitAttributes, gitAttributes, isGitAttributesFile } from './git-attributes.js';
import { baseName } from './text-files.js';
import {
  HEADER_EXTENSION,
  headerLanguage,
  headerLanguageOfText,
  type Language,
  languageByContent,
  type LanguageTable,
  languageTable,
} from './languages.js';
import { type KindOverrides, type LinguistRules, linguistRules, type NotOwnCode, wrappingFolder } from './linguist-rules.js';
import { identifyLicence, isLicenceFile } from './licences.js';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS, MAX_KEPT_TEXT_BYTES, MAX_SCANNED_BYTES } from './limits.js';
import { MAX_LOCK_BYTES } from './locks.js';
import { readManifests } from './manifests.js';
import { isEnvironmentFile, warningForName, warningsInText } from './secrets.js';
import type { RandomAccessArchive } from './zip-directory.js';
import { visitEntries } from './zip-entries.js';

/** What one analysis finds: the report's body, the seller's warnings, and the engine search filters by. */
export type ArchiveAnalysis = Pick<
  InsideReport,
  'files' | 'languages' | 'vendored' | 'documentation' | 'engines' | 'manifests' | 'licences' | 'declaredLicences'
> & {
  warnings: SellerWarning[];
  engine: Engine | null;
};

/** Folders tools fill and rebuild (package caches, build output), wherever they sit in the tree. */
const REBUILT_FOLDERS = new Set([
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
  bytes: number;
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
  const rules = linguistRules();
  const files: Array<{ path: string; size: number }> = [];
  const folders = new Set<string>();
  const code: CodeFile[] = [];
  const texts = new Map<string, string>();
  const attributeFiles = new Map<string, string>();
  let keptBytes = 0;
  const licences: InsideLicence[] = [];
  const warnings: SellerWarning[] = [];

  await visitEntries(
    archive,
    async (entry) => {
      addFolders(folders, entry.isDirectory ? entry.path : parentOf(entry.path));
      if (entry.isDirectory) return;
      files.push({ path: entry.path, size: entry.size });
      const nameWarning = warningForName(entry.path);
      if (nameWarning) warnings.push(nameWarning);

      const name = baseName(entry.path);
      const extension = name.includes('.', 1) ? name.slice(name.lastIndexOf('.')).toLowerCase() : '';
      const isHeader = extension === HEADER_EXTENSION;
      const language = isHeader ? null : table.of(entry.path);
      const isCode = isHeader || language !== null;
      // Package caches and build output are not read for licences and manifests; bundled third-party folders are.
      const rebuilt = isRebuilt(entry.path);
      const isLicence = !rebuilt && isLicenceFile(entry.path);
      const isDetector = !rebuilt && (isDetectorFile(entry.path) || isLicenceManifest(entry.path));
      const isAttributes = !rebuilt && isGitAttributesFile(entry.path);
      // Lock files and engines' builds run to megabytes; they are read whole, within the kept texts' budget.
      const readWhole = entry.size <= (isDetector ? MAX_LOCK_BYTES : MAX_SCANNED_BYTES);
      const scanned =
        readWhole && (isCode || isLicence || isDetector || isAttributes || SCANNED_DATA.test(name) || isEnvironmentFile(entry.path));
      if (!isCode && !scanned) return;

      const read = readWhole ? smallFile(await entry.bytes()) : await largeFile(entry.chunks());
      if (!read) return;
      if (read.text !== null) {
        warnings.push(...warningsInText(entry.path, read.text));
        if (isLicence) licences.push(identifyLicence(entry.path, read.text));
        if (isAttributes) attributeFiles.set(entry.path, read.text);
        // Detector files wait for the end of the archive; an archive repeating them cannot make that wait hold gigabytes.
        if (isDetector && keptBytes + entry.size <= MAX_KEPT_TEXT_BYTES) {
          texts.set(entry.path, read.text);
          keptBytes += entry.size;
        }
      }
      const byContent = isHeader ? undefined : languageByContent(table, extension, read.text);
      if (isCode && byContent !== null) {
        code.push({
          path: entry.path,
          language: isHeader ? (read.text === null ? null : headerLanguageOfText(table, read.text)) : (byContent ?? language),
          extension,
          lines: read.lines,
          bytes: entry.size,
          bundled: isBundledByItsText(entry.path, extension, read.text) || isMinified(extension, entry.size, read.lines),
        });
      }
    },
    options.limits ?? DEFAULT_ARCHIVE_LIMITS,
    options.progress,
  );

  const attributes = gitAttributes(attributeFiles);
  const languageOf = attributedLanguages(table, attributes, files, code);
  if (languageOf.unread.size > 0) {
    // Files `.gitattributes` counts in a language their names do not tell: read once more, for their lines.
    await visitEntries(
      archive,
      async (entry) => {
        const language = languageOf.unread.get(entry.path);
        if (!language || entry.isDirectory) return;
        const read = entry.size <= MAX_SCANNED_BYTES ? smallFile(await entry.bytes()) : await largeFile(entry.chunks());
        // Binary files stay out, as Git's diff (which Linguist counts by) leaves them.
        if (read) code.push({ path: entry.path, language, extension: '', lines: read.lines, bytes: entry.size, bundled: false });
      },
      options.limits ?? DEFAULT_ARCHIVE_LIMITS,
    );
  }

  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const engines = detectEngines(
    texts,
    files.map((file) => file.path),
  );
  return {
    files: {
      count: files.length,
      folders: folders.size,
      totalBytes: files.reduce((sum, file) => sum + file.size, 0),
      paths: files.map((file) => file.path),
      sizes: files.map((file) => file.size),
    },
    ...countCode(table, rules, attributes, files, languageOf.counted(code)),
    engines,
    manifests: readManifests(texts),
    licences: licences.sort((a, b) => a.file.localeCompare(b.file)),
    declaredLicences: declaredLicences(texts, licences),
    warnings,
    engine: engines[0]?.engine ?? null,
  };
}

interface CodeFile {
  path: string;
  /** Null for a header too large to read, whose language the other files decide. */
  language: Language | null;
  extension: string;
  lines: number;
  bytes: number;
  /** A library's build by its own text: a licence banner, or minified. */
  bundled: boolean;
}

/**
 * Own code apart from what is not the seller's: Linguist's vendored, generated and documentation
 * patterns (and the engines' folders), matched from inside the folder the project was zipped in.
 */
function countCode(
  table: LanguageTable,
  rules: LinguistRules,
  attributes: GitAttributes,
  files: ReadonlyArray<{ path: string }>,
  code: readonly CodeFile[],
): Pick<InsideReport, 'languages' | 'vendored' | 'documentation'> {
  const wrapper = wrappingFolder(files.map((file) => file.path));
  // Each path once: the rules are the costly part of counting 50,000 entries.
  const notOwn = new Map<string, { kind: NotOwnCode; root: string }>();
  const vendoredRoots = new Set<string>();
  const vendored = { files: 0, lines: 0 };
  const documentation = { files: 0, lines: 0 };
  for (const { path } of files) {
    const said = attributes.of(path);
    const overrides: KindOverrides = {
      vendored: said.vendored,
      generated: said.generated,
      documentation: said.documentation,
      vendoredRoot: said.vendoredRoot?.startsWith(wrapper) ? said.vendoredRoot.slice(wrapper.length) : said.vendoredRoot,
    };
    const found = rules.classify(path.slice(wrapper.length), overrides);
    if (!found) continue;
    notOwn.set(path, found);
    if (found.kind === 'documentation') documentation.files++;
    else {
      vendored.files++;
      vendoredRoots.add(wrapper + found.root);
    }
  }
  const isOwn = (file: CodeFile) => !file.bundled && !notOwn.has(file.path);
  const header = headerLanguage(table, new Set(code.filter(isOwn).map((file) => file.extension)));
  const own = new Map<string, LanguageCount>();
  const bundled = new Map<string, LanguageCount>();
  for (const file of code) {
    const language = file.language ?? header;
    const kind = notOwn.get(file.path)?.kind ?? (file.bundled ? 'vendored' : null);
    if (kind === null) count(own, language, file);
    else if (kind === 'documentation') documentation.lines += file.lines;
    else {
      vendored.lines += file.lines;
      count(bundled, language, file);
      if (!notOwn.has(file.path)) {
        vendored.files++;
        vendoredRoots.add(file.path);
      }
    }
  }
  return {
    languages: shares(own),
    vendored: {
      folders: [...vendoredRoots].sort().slice(0, MAX_VENDORED_LISTED),
      ...vendored,
      languages: shares(bundled).slice(0, MAX_BUNDLED_LANGUAGES),
    },
    documentation,
  };
}

/**
 * The language each file counts in once the project's `.gitattributes` has its say: a
 * `linguist-language` override, `linguist-detectable`, `binary`. `unread` holds the files it makes
 * code that were not read as code; `counted` gives the code files with their final languages.
 */
function attributedLanguages(
  table: LanguageTable,
  attributes: GitAttributes,
  files: ReadonlyArray<{ path: string }>,
  code: readonly CodeFile[],
): { unread: Map<string, Language>; counted: (code: readonly CodeFile[]) => CodeFile[] } {
  const read = new Set(code.map((file) => file.path));
  const decided = new Map<string, Language | null>();
  const unread = new Map<string, Language>();
  for (const { path } of files) {
    const said = attributes.of(path);
    if (said.language === undefined && said.detectable === undefined && said.binary === undefined) continue;
    const detected = said.language === undefined ? table.detect(path) : table.byAlias(said.language);
    const counts = detected !== null && !said.binary && (said.detectable ?? detected.isCode);
    decided.set(path, counts ? detected.language : null);
    if (counts && !read.has(path)) unread.set(path, detected.language);
  }
  return {
    unread,
    counted: (all) =>
      decided.size === 0
        ? [...all]
        : all.flatMap((file) => {
            if (!decided.has(file.path)) return [file];
            const language = decided.get(file.path);
            return language ? [{ ...file, language }] : [];
          }),
  };
}

/**
 * A library's licence banner, kept by bundlers (`/*!`, `@license`) or its own ("(c) … MIT Licensed");
 * in a lib/ or libs/ folder, where game projects keep the libraries they copy in, also a banner
 * spread over the opening comment (a copyright line, then "Licensed under the MIT …"). Outside those
 * folders such a header is as often the seller's own, and the file stays theirs.
 */
function isBundledByItsText(path: string, extension: string, text: string | null): boolean {
  if (text === null || !SCRIPT_EXTENSIONS.has(extension)) return false;
  const head = text.slice(0, BANNER_CHARACTERS);
  if (/^\s*\/\*!/.test(head) || /@license\b/.test(head) || /^\s*\/[*/][^\n]*\((c|C)\)[^\n]*\blicen[cs]ed\b/i.test(head)) return true;
  if (!LIBRARY_FOLDER.test(path)) return false;
  const opening = /^\s*\/\*[\s\S]*?\*\//.exec(head)?.[0] ?? /^(\s*\/\/[^\n]*\n)+/.exec(head)?.[0] ?? '';
  return /(\(c\)|©|\bcopyright\b)/i.test(opening) && /\b(licen[cs]ed|released) under\b/i.test(opening);
}

const LIBRARY_FOLDER = /(^|\/)libs?\//i;

/** Linguist's test for minified scripts and styles: lines of more than 110 characters on average. */
const isMinified = (extension: string, bytes: number, lines: number) =>
  MINIFIABLE_EXTENSIONS.has(extension) && lines > 0 && bytes / lines > MINIFIED_LINE_CHARACTERS;

const SCRIPT_EXTENSIONS = new Set(['.js', '.mjs', '.cjs']);
const MINIFIABLE_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.css']);
const MINIFIED_LINE_CHARACTERS = 110;
const BANNER_CHARACTERS = 600;
const MAX_BUNDLED_LANGUAGES = 10;

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

function count(counts: Map<string, LanguageCount>, language: Language, file: { lines: number; bytes: number }) {
  const known = counts.get(language.name);
  counts.set(language.name, {
    language,
    lines: (known?.lines ?? 0) + file.lines,
    bytes: (known?.bytes ?? 0) + file.bytes,
    files: (known?.files ?? 0) + 1,
  });
}

/** Each language's share of the bytes, as Linguist (and GitHub's language bar) counts it. */
function shares(counts: ReadonlyMap<string, LanguageCount>): InsideLanguage[] {
  const total = [...counts.values()].reduce((sum, language) => sum + language.bytes, 0);
  return [...counts.values()]
    .sort((a, b) => b.bytes - a.bytes || a.language.name.localeCompare(b.language.name))
    .map(({ language, lines, bytes, files }) => ({
      name: language.name,
      color: language.color,
      lines,
      bytes,
      files,
      percent: total === 0 ? 0 : Math.round((bytes / total) * 1000) / 10,
    }));
}

const parentOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));

function addFolders(folders: Set<string>, folder: string) {
  for (let at = folder; at && !folders.has(at); at = parentOf(at)) folders.add(at);
}

/** Package caches and build output, wherever they sit: their licences and manifests are not the project's. */
const isRebuilt = (path: string) =>
  path
    .split('/')
    .slice(0, -1)
    .some((segment) => REBUILT_FOLDERS.has(segment));
