import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from '../../test/s3-server.js';
import { behavesAsFileStorage } from '../../test/storage-behaviour.js';
import { S3FileStorage } from './s3-storage.js';

const BUCKET = 'marketplace-test';

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
});
