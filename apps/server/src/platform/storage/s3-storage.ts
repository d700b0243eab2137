import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { notFound } from '../errors.js';
import { isStorageKey, type FileStorage, type StorageArea, type StoredFile } from './file-storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, …); AWS itself when absent. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Both or neither; neither means the SDK's default chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Prepended to every object name, so one bucket can serve several deployments. */
  prefix: string;
}

const AREAS: readonly StorageArea[] = ['images', 'private'];

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

/**
 * Files as objects `{prefix}{area}/{key}` of one bucket; the production twin of LocalFileStorage,
 * so any number of instances share the same files. Nothing is public: images are served
 * through the app like the local files are.
 */
/** Folders of this process and its twins on the same machine that hold an upload on its way to the bucket. */
const SPOOL_PREFIX = 'market-upload-';

export class S3FileStorage implements FileStorage {
  /** The bucket never holds half an object; a crash mid-spool leaves a temporary folder on this machine. */
  async sweepPartialWrites(olderThan: Date): Promise<number> {
    const names = await readdir(tmpdir()).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names.filter((entry) => entry.startsWith(SPOOL_PREFIX))) {
      const folder = path.join(tmpdir(), name);
      const modified = await stat(folder).then((info) => info.mtime, () => null);
      if (modified && modified < olderThan) {
        await rm(folder, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: many S3-compatible stores reject the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(area: StorageArea, data: Buffer | Readable, extension: string): Promise<StoredFile> {
    if (!/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`Invalid storage extension: ${extension}`);
    const key = `${randomBytes(16).toString('hex')}.${extension}`;
    if (Buffer.isBuffer(data)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(area, key), Body: data, ContentLength: data.length }));
      return { key, size: data.length };
    }
    // S3 needs the length before the first byte; a stream is spooled to a temporary file first,
    // which also means a stream that fails half-way never reaches the bucket.
    const folder = await mkdtemp(path.join(tmpdir(), SPOOL_PREFIX));
    try {
      const spooled = path.join(folder, key);
      await pipeline(data, createWriteStream(spooled));
      const { size } = await stat(spooled);
      await this.client.send(
        new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(area, key), Body: createReadStream(spooled), ContentLength: size }),
      );
      return { key, size };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async get(area: StorageArea, key: string): Promise<Readable> {
    if (!isStorageKey(key)) throw notFound('File not found');
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(area, key) }));
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
      return answer.Body;
    } catch (error) {
      if (isMissing(error)) throw notFound('File not found');
      throw error;
    }
  }

  async delete(area: StorageArea, key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(area, key) }));
  }

  async exists(area: StorageArea, key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(area, key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  private objectName(area: StorageArea, key: string): string {
    if (!AREAS.includes(area)) throw new Error(`Unknown storage area: ${String(area)}`);
    if (!isStorageKey(key)) throw new Error('Invalid storage key');
    return `${this.options.prefix}${area}/${key}`;
  }
}
