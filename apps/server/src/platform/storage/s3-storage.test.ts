import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from '../../test/s3-server.js';
import { behavesAsFileStorage } from '../../test/storage-behaviour.js';
import { S3FileStorage } from './s3-storage.js';

const BUCKET = 'marketplace-test';

const MB = 1024 * 1024;
/** `total` bytes in 1 MB chunks, failing instead of sending chunk `failAt` when given. */
const chunks = (total: number, failAt?: number) =>
  Readable.from(
    (function* () {
      for (let index = 0; index * MB < total; index += 1) {
        if (index === failAt) throw new Error('the browser went away');
        yield Buffer.alloc(Math.min(MB, total - index * MB), index % 251);
      }
    })(),
  );
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('S3FileStorage against a local S3 server', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  beforeAll(async () => {
    s3 = await startLocalS3(BUCKET);
  });
  afterAll(() => s3.stop());

  behavesAsFileStorage(async () => {
    const prefix = `run-${randomBytes(4).toString('hex')}/`;
    const storage = new S3FileStorage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
      prefix,
    });
    return {
      storage,
      listArea: async (area) => (await s3.list(`${prefix}${area}/`)).map((name) => name.slice(`${prefix}${area}/`.length)),
    };
  });

  const storageAt = (prefix: string) =>
    new S3FileStorage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
      prefix,
    });

  describe('a large archive', () => {
    it('streams to the bucket in parts and reads back byte for byte', async () => {
      const prefix = `large-${randomBytes(4).toString('hex')}/`;
      const storage = storageAt(prefix);
      const expected = Buffer.concat(await chunks(21 * MB + 123).toArray());

      const stored = await storage.put('private', chunks(21 * MB + 123), 'zip');

      expect(stored.size).toBe(21 * MB + 123);
      const read = Buffer.concat(await (await storage.get('private', stored.key)).toArray());
      expect(sha(read)).toBe(sha(expected));
      expect(await s3.list(prefix)).toEqual([`${prefix}private/${stored.key}`]);
    });

    it('leaves no object when the stream fails after the first parts were sent', async () => {
      const prefix = `broken-${randomBytes(4).toString('hex')}/`;
      const storage = storageAt(prefix);

      await expect(storage.put('private', chunks(30 * MB, 20), 'zip')).rejects.toThrow('the browser went away');

      expect(await s3.list(prefix)).toEqual([]);
    });
  });
});
