import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../errors.js';
import { isStorageKey, type FileStorage, type StorageArea, type StoredFile } from './file-storage.js';

const AREAS: readonly StorageArea[] = ['images', 'private'];
const PARTIAL_SUFFIX = '.part';

/** Files in `{dataDir}/images` and `{dataDir}/private`; the default when no bucket is configured. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly dataDir: string) {}

  async put(area: StorageArea, data: Buffer | Readable, extension: string): Promise<StoredFile> {
    if (!/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`Invalid storage extension: ${extension}`);
    const key = `${randomBytes(16).toString('hex')}.${extension}`;
    const target = this.pathOf(area, key);
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const partial = `${target}${PARTIAL_SUFFIX}`;
    await mkdir(path.dirname(target), { recursive: true });
    const sink = createWriteStream(partial, { flags: 'wx' });
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, sink);
      await rename(partial, target);
    } catch (error) {
      // A source can fail before the file is even open; removing it before the sink has closed
      // would let the late open create the partial file again.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
    const { size } = await stat(target);
    return { key, size };
  }

  async get(area: StorageArea, key: string): Promise<Readable> {
    if (!(await this.exists(area, key))) throw notFound('File not found');
    return createReadStream(this.pathOf(area, key));
  }

  async readRange(area: StorageArea, key: string, start: number, length: number): Promise<Buffer> {
    if (!(await this.exists(area, key))) throw notFound('File not found');
    const file = await open(this.pathOf(area, key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async delete(area: StorageArea, key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await rm(this.pathOf(area, key), { force: true });
  }

  async exists(area: StorageArea, key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    try {
      await access(this.pathOf(area, key));
      return true;
    } catch {
      return false;
    }
  }

  async sweepPartialWrites(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const area of AREAS) {
      const folder = path.join(this.dataDir, area);
      const names = await readdir(folder).catch(() => [] as string[]);
      for (const name of names.filter((entry) => entry.endsWith(PARTIAL_SUFFIX))) {
        const file = path.join(folder, name);
        const modified = await stat(file).then(
          (info) => info.mtime,
          () => null,
        );
        if (modified && modified < olderThan) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }

  private pathOf(area: StorageArea, key: string): string {
    if (!AREAS.includes(area)) throw new Error(`Unknown storage area: ${String(area)}`);
    if (!isStorageKey(key)) throw new Error('Invalid storage key');
    const root = path.join(this.dataDir, area);
    const file = path.resolve(root, key);
    // The key pattern already rules this out; checked again because a path escape is never acceptable.
    if (path.dirname(file) !== path.resolve(root)) throw new Error('Invalid storage key');
    return file;
  }
}
