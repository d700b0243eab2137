/**
 * The ZIP format's central directory, read straight from an archive's bytes (APPNOTE.TXT 4.3):
 * the end record, Zip64 when the counts or offsets overflow, and one record per entry. Nothing
 * is inflated here and nothing is kept but the entry being visited.
 */

/** An archive read in place: its size and a way to read any range of its bytes. */
export interface RandomAccessArchive {
  size: number;
  readRange(start: number, length: number): Promise<Buffer>;
}

/**
 * The archive breaks a rule or is not a ZIP. The reason, shown to the seller and the admins as it
 * is, says which file, why and what to do; buyers are only told the archive could not be analysed.
 */
export class ArchiveRefused extends Error {
  constructor(
    message: string,
    /** The entry at fault, when one is. */
    readonly file: string | null = null,
  ) {
    super(message);
  }
}

/** One central directory record, as the format states it. */
export interface CentralEntry {
  rawName: Buffer;
  madeBy: number;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  externalAttributes: number;
  localHeaderOffset: number;
}

const END_SIGNATURE = 0x06054b50;
const END_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_END_BYTES = 56;
const ZIP64_EXTRA_ID = 0x0001;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_BYTES = 46;
const OVERFLOW_16 = 0xffff;
const OVERFLOW_32 = 0xffffffff;

const BLOCK_BYTES = 1024 ** 2;
const CACHED_BLOCKS = 4;

/** Reads an archive in 1 MB blocks, keeping the last few: a bucket is asked once per block, not once per entry. */
export class BlockReader {
  private readonly blocks = new Map<number, Promise<Buffer>>();

  constructor(private readonly archive: RandomAccessArchive) {}

  get size(): number {
    return this.archive.size;
  }

  /** The bytes from `start`, fewer only at the end of the archive. */
  async bytes(start: number, length: number): Promise<Buffer> {
    const end = Math.min(start + length, this.archive.size);
    const index = Math.floor(start / BLOCK_BYTES);
    // Most reads (a record, a local header, a small entry) lie within one block: no generator for them.
    if (end > start && index === Math.floor((end - 1) / BLOCK_BYTES)) {
      const block = await this.block(index);
      const offset = index * BLOCK_BYTES;
      return block.subarray(start - offset, Math.min(end - offset, block.length));
    }
    const parts: Buffer[] = [];
    for await (const chunk of this.chunks(start, end)) parts.push(chunk);
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** The bytes from `start` to `end` (exclusive), a block's worth at a time. */
  async *chunks(start: number, end: number): AsyncGenerator<Buffer> {
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

export interface CentralDirectory {
  entryCount: number;
  /** Yields the records one by one; each is read only when asked for. */
  entries(): AsyncGenerator<CentralEntry>;
}

const notAZip = (why: string) =>
  new ArchiveRefused(`The archive could not be read as a ZIP: ${why}. Upload the project as a .zip made by a ZIP tool.`);

export async function readCentralDirectory(reader: BlockReader): Promise<CentralDirectory> {
  const tailStart = Math.max(0, reader.size - END_BYTES - MAX_COMMENT_BYTES);
  const tail = await reader.bytes(tailStart, reader.size - tailStart);
  let at = tail.length - END_BYTES;
  while (at >= 0 && tail.readUInt32LE(at) !== END_SIGNATURE) at--;
  if (at < 0) throw notAZip('no end of central directory record');
  let entryCount = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) throw notAZip('archives split over several files are not read');
  let endRecordAt = tailStart + at;

  const locatorAt = endRecordAt - ZIP64_LOCATOR_BYTES;
  const locator = locatorAt >= 0 ? await reader.bytes(locatorAt, ZIP64_LOCATOR_BYTES) : Buffer.alloc(0);
  const hasLocator = locator.length === ZIP64_LOCATOR_BYTES && locator.readUInt32LE(0) === ZIP64_LOCATOR_SIGNATURE;
  // Info-ZIP writes the Zip64 records whenever an entry needed Zip64, overflowing counts or not; unzip tools then read them.
  if (hasLocator || entryCount === OVERFLOW_16 || size === OVERFLOW_32 || offset === OVERFLOW_32) {
    if (!hasLocator) throw notAZip('no Zip64 locator');
    endRecordAt = safeNumber(locator.readBigUInt64LE(8));
    const end = await reader.bytes(endRecordAt, ZIP64_END_BYTES);
    if (end.length < ZIP64_END_BYTES || end.readUInt32LE(0) !== ZIP64_END_SIGNATURE) throw notAZip('no Zip64 end record');
    entryCount = safeNumber(end.readBigUInt64LE(32));
    size = safeNumber(end.readBigUInt64LE(40));
    offset = safeNumber(end.readBigUInt64LE(48));
  }
  if (offset + size > reader.size) throw notAZip('the central directory lies beyond the end of the file');
  // Unzip tools take a gap before the end record for bytes prepended to the archive and read other records than ours.
  if (offset + size !== endRecordAt) throw notAZip('the central directory does not end where its end record starts');

  return {
    entryCount,
    async *entries() {
      let position = offset;
      for (let index = 0; index < entryCount; index++) {
        const fixed = await reader.bytes(position, CENTRAL_BYTES);
        if (fixed.length < CENTRAL_BYTES || fixed.readUInt32LE(0) !== CENTRAL_SIGNATURE)
          throw notAZip(`entry ${index + 1} has no central record`);
        const nameLength = fixed.readUInt16LE(28);
        const extraLength = fixed.readUInt16LE(30);
        const commentLength = fixed.readUInt16LE(32);
        const variable = await reader.bytes(position + CENTRAL_BYTES, nameLength + extraLength);
        if (variable.length < nameLength + extraLength) throw notAZip(`entry ${index + 1} is cut short`);
        const entry: CentralEntry = {
          rawName: variable.subarray(0, nameLength),
          madeBy: fixed.readUInt16LE(4),
          flags: fixed.readUInt16LE(8),
          method: fixed.readUInt16LE(10),
          crc32: fixed.readUInt32LE(16),
          compressedSize: fixed.readUInt32LE(20),
          uncompressedSize: fixed.readUInt32LE(24),
          externalAttributes: fixed.readUInt32LE(38),
          localHeaderOffset: fixed.readUInt32LE(42),
        };
        applyZip64(entry, variable.subarray(nameLength));
        yield entry;
        position += CENTRAL_BYTES + nameLength + extraLength + commentLength;
      }
      // Unzip tools read every record there is, whatever the count: one past it would reach the buyer unchecked.
      if (position !== offset + size) throw notAZip('the end record miscounts the records of the central directory');
    },
  };
}

/** A Zip64 extra field carries, in this order, each size or offset the record marked as overflowing. */
function applyZip64(entry: CentralEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA_ID) {
      if (at + 4 + length > extra.length) throw notAZip('a Zip64 field is cut short');
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw notAZip('a Zip64 field is cut short');
        const value = safeNumber(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === OVERFLOW_32) entry.uncompressedSize = next();
      if (entry.compressedSize === OVERFLOW_32) entry.compressedSize = next();
      if (entry.localHeaderOffset === OVERFLOW_32) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + length;
  }
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw notAZip('a size or offset is out of range');
  return Number(value);
}
