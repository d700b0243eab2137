import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedBody } from './encoded-body.js';

const products = Array.from({ length: 40 }, (_, index) => ({ _id: `product-${index}`, title: `Knight Quest ${index}`, price: 19.99 }));

describe('EncodedBody', () => {
  it('compresses once per encoding and hands the same bytes to every later request', () => {
    const body = EncodedBody.json(products);

    const brotli = body.as('br');
    const gzip = body.as('gzip');

    expect(body.as('br')).toBe(brotli);
    expect(body.as('gzip')).toBe(gzip);
    expect(brotliDecompressSync(brotli).equals(body.identity)).toBe(true);
    expect(gunzipSync(gzip).equals(body.identity)).toBe(true);
    expect(brotli.length).toBeLessThan(body.identity.length / 4);
  });

  it('keeps a body under a kilobyte as it is, whatever the client accepts', () => {
    const body = EncodedBody.json({ message: 'short' });

    expect(body.worthEncoding).toBe(false);
    expect(body.as('br')).toBe(body.identity);
    expect(body.as(null)).toBe(body.identity);
  });
});
