import { pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { constants as zlibConstants, createInflateRaw, crc32, inflateRawSync } from 'node:zlib';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS, MAX_DEFLATE_RATIO, RATIO_CHECKED_FROM_BYTES } from './limits.js';
import { ArchiveRefused, BlockReader, type CentralEntry, type RandomAccessArchive, readCentralDirectory } from './zip-directory.js';

export interface ArchiveEntry {
  /** Relative, with forward slashes and no empty, `.` or `..` segments. */
  path: string;
  size: number;
  isDirectory: boolean;
  /** The CRC-32 of the entry's bytes, as the central directory records it. */
  crc32: number;
  /**
   * The entry's bytes, inflated as they are read and checked against the central directory's
   * size and checksum; nothing when it is encrypted or packed by a method other than store or deflate.
   */
  chunks(): AsyncIterable<Buffer>;
  /** The whole entry at once, for a small one: read and inflated without a stream; null as `chunks` yields nothing. */
  bytes(): Promise<Buffer | null>;
}

const UNIX_FILE_TYPE = 0o170000;
const UNIX_SYMLINK = 0o120000;
const MADE_ON_UNIX = 3;
const UTF8_NAMES = 0x800;
const ENCRYPTED = 0x1;
const LOCAL_HEADER_BYTES = 30;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** Entries read from cached blocks never wait for I/O; the instance's requests wait no longer than this. */
const MAX_TURN_MS = 10;

/**
 * Visits every entry of a ZIP through its central directory (the authority unzip tools follow,
 * and the only place a symlink is marked), one at a time, never writing anything anywhere.
 * Rejects with ArchiveRefused on the first entry breaking a limit, and on a file that is no ZIP;
 * `progress` hears how many entries have been visited of how many there are.
 */
export async function visitEntries(
  archive: RandomAccessArchive,
  visit: (entry: ArchiveEntry) => Promise<void>,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
  progress?: (read: number, total: number) => void,
): Promise<void> {
  const reader = new BlockReader(archive);
  const directory = await readCentralDirectory(reader);
  if (directory.entryCount > limits.maxEntries) {
    throw new ArchiveRefused(
      `The archive has ${directory.entryCount.toLocaleString('en-US')} entries; at most ${limits.maxEntries.toLocaleString('en-US')} are analysed. ` +
        `${LEAVE_REBUILT_OUT} and upload it again.`,
    );
  }
  progress?.(0, directory.entryCount);
  let unpacked = 0;
  let largest = { path: '', size: -1 };
  let visited = 0;
  let turnStarted = performance.now();
  for await (const entry of directory.entries()) {
    if (performance.now() - turnStarted > MAX_TURN_MS) {
      await nextTurn();
      turnStarted = performance.now();
      progress?.(visited, directory.entryCount);
    }
    const path = checkedPath(entry);
    unpacked += entry.uncompressedSize;
    if (entry.uncompressedSize > largest.size) largest = { path, size: entry.uncompressedSize };
    if (unpacked > limits.maxUnpackedBytes) {
      // Overlapping entries (one packed kernel behind thousands of records) land here too: each record counts in full.
      throw new ArchiveRefused(
        `The archive unpacks to more than ${megabytes(limits.maxUnpackedBytes)}, the most analysed; its largest file is ` +
          `${shown(largest.path)} (${megabytes(largest.size)}). ${LEAVE_REBUILT_OUT}, keep videos and builds apart, and upload it again.`,
        largest.path,
      );
    }
    if (
      entry.method === DEFLATED &&
      entry.uncompressedSize >= RATIO_CHECKED_FROM_BYTES &&
      entry.uncompressedSize > MAX_DEFLATE_RATIO * Math.max(entry.compressedSize, 1)
    ) {
      throw new ArchiveRefused(
        `${shown(path)} says it unpacks to ${Math.floor(entry.uncompressedSize / Math.max(entry.compressedSize, 1)).toLocaleString('en-US')} ` +
          `times its packed size, more than ZIP's deflate can reach, so the archive was altered after it was made. ` +
          'Zip the project again with an ordinary ZIP tool and upload it again.',
        path,
      );
    }
    visited++;
    if (path === '') continue;
    const isDirectory = path.endsWith('/');
    await visit({
      path: isDirectory ? path.slice(0, -1) : path,
      size: entry.uncompressedSize,
      isDirectory,
      crc32: entry.crc32,
      chunks: () => entryChunks(reader, entry, path),
      bytes: () => entryBytes(reader, entry, path),
    });
  }
  progress?.(directory.entryCount, directory.entryCount);
}

const ZIP_AGAIN = 'Zip the project again and upload it again.';
const ZIP_FROM_INSIDE = 'Zip the project again from its own folder, with the paths inside it, and upload it again.';
const REPLACE_LINK = 'Put the file it points to in its place and upload the archive again.';
const LEAVE_REBUILT_OUT = 'Leave out the folders your tools rebuild (Library/, Temp/, build/, Pods/, node_modules/)';

/** "2,048 MB", "3.5 MB": sizes in the unit ARCHIVE_MAX_UNPACKED_MB is given in. */
const megabytes = (bytes: number) =>
  `${(bytes / 1024 ** 2).toLocaleString('en-US', { maximumFractionDigits: bytes < 10 * 1024 ** 2 ? 1 : 0 })} MB`;

/** Names flagged UTF-8 are read as such; others as latin1, one byte a character (one decoder each: 50,000 entries). */
const UTF8_NAME = new TextDecoder('utf-8');
const OLD_NAME = new TextDecoder('latin1');

function checkedPath(entry: CentralEntry): string {
  const name = (entry.flags & UTF8_NAMES ? UTF8_NAME : OLD_NAME).decode(entry.rawName).replaceAll('\\', '/');
  if (entry.madeBy >> 8 === MADE_ON_UNIX && ((entry.externalAttributes >>> 16) & UNIX_FILE_TYPE) === UNIX_SYMLINK) {
    throw new ArchiveRefused(`${shown(name)} is a symbolic link; archives may hold files and folders only. ${REPLACE_LINK}`, name);
  }
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name))
    throw new ArchiveRefused(`${shown(name)} has an absolute path. ${ZIP_FROM_INSIDE}`, name);
  const segments = name.split('/');
  if (segments.includes('..')) throw new ArchiveRefused(`${shown(name)} points outside the archive. ${ZIP_FROM_INSIDE}`, name);
  if (name.includes('\0')) throw new ArchiveRefused(`An entry name holds a NUL character. ${ZIP_AGAIN}`);
  const kept = segments.filter((segment, index) => segment !== '.' && (segment !== '' || index === segments.length - 1));
  const path = kept.join('/');
  // "./" is the root folder itself (Python's make_archive writes it); a file needs a name.
  if (path === '' && !name.endsWith('/')) throw new ArchiveRefused(`An entry has no name. ${ZIP_AGAIN}`);
  return path;
}

const readable = (entry: CentralEntry) => !(entry.flags & ENCRYPTED) && (entry.method === STORED || entry.method === DEFLATED);
const damaged = (path: string, why: string) => new ArchiveRefused(`The archive is damaged: ${shown(path)} ${why}. ${ZIP_AGAIN}`, path);

const SHOWN_NAME_CHARACTERS = 120;
/** Control and bidirectional-override characters that would garble or disguise a name shown to the seller. */
const UNSHOWABLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** An entry's name as a refusal shows it: one short line, whatever the archive wrote. */
function shown(name: string): string {
  const safe = name.replaceAll(UNSHOWABLE, '\uFFFD');
  return safe.length > SHOWN_NAME_CHARACTERS ? `${safe.slice(0, SHOWN_NAME_CHARACTERS)}…` : safe;
}

/** The local header tells where the entry's data starts; the central record tells everything else. */
async function dataStartOf(reader: BlockReader, entry: CentralEntry, path: string): Promise<number> {
  const header = await reader.bytes(entry.localHeaderOffset, LOCAL_HEADER_BYTES);
  if (header.length < LOCAL_HEADER_BYTES || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) throw damaged(path, 'has no local header');
  const start = entry.localHeaderOffset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > reader.size) throw damaged(path, 'is cut short');
  return start;
}

async function entryBytes(reader: BlockReader, entry: CentralEntry, path: string): Promise<Buffer | null> {
  if (!readable(entry)) return null;
  const packed = await reader.bytes(await dataStartOf(reader, entry, path), entry.compressedSize);
  let data: Buffer;
  try {
    // Never more than the central directory announced (and the ratio guard allowed): a lying entry cannot inflate further.
    // One output buffer of the announced size (zlib's default is 16 KB pieces joined at the end, twice the bytes to collect).
    data =
      entry.method === DEFLATED
        ? inflateRawSync(packed, {
            maxOutputLength: Math.max(entry.uncompressedSize, 1),
            chunkSize: Math.max(entry.uncompressedSize + 1, zlibConstants.Z_MIN_CHUNK),
          })
        : packed;
  } catch (error) {
    throw damaged(path, `does not inflate (${(error as Error).message})`);
  }
  if (data.length !== entry.uncompressedSize || crc32(data) !== entry.crc32)
    throw damaged(path, 'does not match its recorded size and checksum');
  return data;
}

async function* entryChunks(reader: BlockReader, entry: CentralEntry, path: string): AsyncGenerator<Buffer> {
  if (!readable(entry)) return;
  const start = await dataStartOf(reader, entry, path);
  const packed = Readable.from(reader.chunks(start, start + entry.compressedSize), { objectMode: false });
  const data = entry.method === DEFLATED ? pipeline(packed, createInflateRaw(), () => undefined) : packed;
  let size = 0;
  let checksum = 0;
  try {
    for await (const chunk of data as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.uncompressedSize) throw damaged(path, 'inflates beyond its recorded size');
      checksum = crc32(chunk, checksum);
      yield chunk;
    }
  } catch (error) {
    // zlib's errors mean broken data; anything else (storage failing mid-read) is tried again later.
    if ((error as { code?: unknown }).code?.toString().startsWith('Z_'))
      throw damaged(path, `does not inflate (${(error as Error).message})`);
    throw error;
  } finally {
    data.destroy();
    packed.destroy();
  }
  if (size !== entry.uncompressedSize || checksum !== entry.crc32) throw damaged(path, 'does not match its recorded size and checksum');
}
