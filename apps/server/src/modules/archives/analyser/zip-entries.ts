import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ARCHIVE_LIMITS } from './limits.js';

/** An archive read in place: its size and a way to read any range of its bytes. */
export interface RandomAccessArchive {
  size: number;
  readRange(start: number, length: number): Promise<Buffer>;
}

/** The archive breaks a rule; the reason is shown to the seller as it is. */
export class ArchiveRefused extends Error {}

export interface ArchiveEntry {
  /** Relative, with forward slashes and no empty, `.` or `..` segments. */
  path: string;
  size: number;
  isDirectory: boolean;
  /** The entry's bytes, inflated as they are read; the size is checked against the central directory. */
  open(): Promise<Readable>;
}

const BLOCK_BYTES = 1024 ** 2;
const CACHED_BLOCKS = 4;
const UNIX_FILE_TYPE = 0o170000;
const UNIX_SYMLINK = 0o120000;
const MADE_ON_UNIX = 3;
const UTF8_NAMES = 0x800;

/**
 * Visits every entry of a ZIP through its central directory (the authority unzip tools follow,
 * and the only place a symlink is marked), one at a time, never writing anything anywhere. The
 * archive is read in 1 MB blocks, so a bucket is asked once per block, not once per entry.
 * Rejects with ArchiveRefused on the first entry breaking a limit, and on a file that is no ZIP.
 */
export async function visitEntries(archive: RandomAccessArchive, visit: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  const zip = await openZip(archive);
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.maxEntries) {
      throw new ArchiveRefused(
        `The archive has ${zip.entryCount.toLocaleString('en-US')} entries; at most ${ARCHIVE_LIMITS.maxEntries.toLocaleString('en-US')} are analysed`,
      );
    }
    let uncompressed = 0;
    for (let raw = await nextEntry(zip); raw; raw = await nextEntry(zip)) {
      const entry = raw;
      const path = checkedPath(entry);
      uncompressed += entry.uncompressedSize;
      if (uncompressed > ARCHIVE_LIMITS.maxUncompressedBytes) {
        throw new ArchiveRefused(`The archive unpacks to more than ${ARCHIVE_LIMITS.maxUncompressedBytes / 1024 ** 3} GB`);
      }
      if (
        entry.uncompressedSize >= ARCHIVE_LIMITS.ratioCheckedFromBytes &&
        entry.uncompressedSize > ARCHIVE_LIMITS.maxCompressionRatio * Math.max(entry.compressedSize, 1)
      ) {
        throw new ArchiveRefused(`${path} inflates more than ${ARCHIVE_LIMITS.maxCompressionRatio} times its packed size (a zip bomb)`);
      }
      const isDirectory = path.endsWith('/');
      await visit({
        path: isDirectory ? path.slice(0, -1) : path,
        size: entry.uncompressedSize,
        isDirectory,
        open: () => openEntry(zip, entry),
      });
    }
  } finally {
    zip.close();
  }
}

function checkedPath(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  const name = new TextDecoder(entry.generalPurposeBitFlag & UTF8_NAMES ? 'utf-8' : 'latin1').decode(raw).replaceAll('\\', '/');
  if (entry.versionMadeBy >> 8 === MADE_ON_UNIX && ((entry.externalFileAttributes >>> 16) & UNIX_FILE_TYPE) === UNIX_SYMLINK) {
    throw new ArchiveRefused(`${name} is a symbolic link; archives may hold files and folders only`);
  }
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw new ArchiveRefused(`${name} has an absolute path`);
  const segments = name.split('/');
  if (segments.includes('..')) throw new ArchiveRefused(`${name} points outside the archive`);
  if (name.includes('\0')) throw new ArchiveRefused('An entry name holds a NUL character');
  const kept = segments.filter((segment, index) => segment !== '.' && (segment !== '' || index === segments.length - 1));
  return kept.join('/');
}

function openZip(archive: RandomAccessArchive): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new BlockReader(archive),
      archive.size,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (error, zip) => (error ? reject(new ArchiveRefused(`The archive could not be read as a ZIP: ${error.message}`)) : resolve(zip)),
    );
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => {
      cleanUp();
      resolve(entry);
    };
    const onEnd = () => {
      cleanUp();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(new ArchiveRefused(`The archive is damaged: ${error.message}`));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) reject(new ArchiveRefused(`${String(entry.fileName)} could not be read: ${error.message}`));
      else resolve(stream);
    });
  });
}

/** yauzl's reader over an archive's byte ranges, keeping the last few blocks read. */
class BlockReader extends yauzl.RandomAccessReader {
  private readonly blocks = new Map<number, Promise<Buffer>>();

  constructor(private readonly archive: RandomAccessArchive) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.chunks(start, end), { objectMode: false }) as unknown as Readable & void;
  }

  private async *chunks(start: number, end: number) {
    for (let index = Math.floor(start / BLOCK_BYTES); index * BLOCK_BYTES < end; index++) {
      const block = await this.block(index);
      const offset = index * BLOCK_BYTES;
      yield block.subarray(Math.max(start - offset, 0), Math.min(end - offset, block.length));
    }
  }

  private block(index: number): Promise<Buffer> {
    let block = this.blocks.get(index);
    if (block) {
      // Most recently used last, so the oldest is the first key.
      this.blocks.delete(index);
    } else {
      const start = index * BLOCK_BYTES;
      block = this.archive.readRange(start, Math.min(BLOCK_BYTES, this.archive.size - start));
      block.catch(() => this.blocks.delete(index));
    }
    this.blocks.set(index, block);
    if (this.blocks.size > CACHED_BLOCKS) this.blocks.delete(this.blocks.keys().next().value!);
    return block;
  }
}
