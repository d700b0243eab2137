import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/** Parts of a streamed upload: S3's smallest but the last is 5 MB; two in flight keep memory near 16 MB per upload. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Files as objects `{prefix}{area}/{key}` of one bucket; the production twin of LocalFileStorage,
 * so any number of instances share the same files. Nothing is public: images are served
 * through the app like the local files are.
 */
export class S3FileStorage implements FileStorage {
  /**
   * Nothing to sweep here: the bucket never holds half an object (a multipart upload becomes one
   * only when completed), and parts a crash left behind are removed by the bucket's lifecycle rule
   * AbortIncompleteMultipartUpload (README).
   */
  async sweepPartialWrites(): Promise<number> {
    return 0;
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
      await this.client.send(
        new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(area, key), Body: data, ContentLength: data.length }),
      );
      return { key, size: data.length };
    }
    // Streamed to the bucket as a multipart upload, part by part, with no temporary file; a stream
    // that fails half-way is never completed (and its parts are aborted), so no object appears.
    let size = 0;
    const counted = data.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      }),
    );
    let streamError: Error | undefined;
    data.once('error', (error) => {
      streamError = error;
      counted.destroy(error);
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.objectName(area, key), Body: counted },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The stream's own failure says what went wrong, not the clean-up that followed it.
      throw streamError ?? error;
    }
    return { key, size };
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

  async readRange(area: StorageArea, key: string, start: number, length: number): Promise<Buffer> {
    if (!isStorageKey(key)) throw notFound('File not found');
    if (length <= 0) return Buffer.alloc(0);
    const range = `bytes=${start}-${start + length - 1}`;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(area, key), Range: range }),
      );
      if (!answer.Body) throw new Error('S3 answered without a body');
      return Buffer.from(await answer.Body.transformToByteArray());
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
