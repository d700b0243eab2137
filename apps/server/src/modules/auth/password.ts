import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(password: string, salt: Buffer, cost: number, blockSize: number, parallelism: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: cost, r: blockSize, p: parallelism, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes passwords with scrypt at the configured cost. Each hash is `scrypt$N$r$p$salt$hash`: the
 * parameters travel with it, so a hash made at another cost (an older one, or a test's) still verifies.
 */
export class PasswordHasher {
  private decoyHash: Promise<string> | undefined;

  constructor(private readonly cost: number) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, this.cost, BLOCK_SIZE, PARALLELISM);
    return ['scrypt', this.cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const actual = await derive(password, Buffer.from(salt, 'base64'), Number(cost), Number(blockSize), Number(parallelism));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** A hash of nothing anyone knows, at this cost, checked when the email is unknown so timing does not reveal accounts. */
  decoy(): Promise<string> {
    this.decoyHash ??= this.hash(randomBytes(16).toString('hex'));
    return this.decoyHash;
  }
}
