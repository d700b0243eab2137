import { describe, expect, it } from 'vitest';
import type { EncodedBody } from '../../platform/encoded-body.js';
import { CatalogueCache } from './catalogue-cache.js';

const text = (body: EncodedBody) => body.identity.toString('utf8');

describe('CatalogueCache', () => {
  it('keeps an answer until cleared', async () => {
    const cache = new CatalogueCache();
    await cache.getOrCompute('list', async () => ['first']);

    expect(text(await cache.getOrCompute('list', async () => ['second']))).toBe('["first"]');
    cache.clear();
    expect(text(await cache.getOrCompute('list', async () => ['third']))).toBe('["third"]');
  });

  it('serves but does not keep an answer that was being computed when a write cleared the cache', async () => {
    const cache = new CatalogueCache();
    let finishRead!: () => void;
    const slowRead = cache.getOrCompute('list', async () => {
      await new Promise<void>((resolve) => {
        finishRead = resolve;
      });
      return ['before the write'];
    });
    await Promise.resolve();

    cache.clear();
    finishRead();

    expect(text(await slowRead)).toBe('["before the write"]');
    expect(text(await cache.getOrCompute('list', async () => ['after the write']))).toBe('["after the write"]');
  });
});
