import { describe, expect, it } from 'vitest';
import { DroppableLru } from './droppable-lru.js';

/** A cache whose computations count how often each key was computed. */
function counted(options: ConstructorParameters<typeof DroppableLru<{ key: string }>>[0]) {
  const cache = new DroppableLru<{ key: string }>(options);
  const computed = new Map<string, number>();
  const ask = (key: string) =>
    cache.getOrCompute(key, async () => {
      computed.set(key, (computed.get(key) ?? 0) + 1);
      return { key };
    });
  return { cache, ask, computedTimes: (key: string) => computed.get(key) ?? 0 };
}

describe('a droppable LRU', () => {
  it('keeps every value it computes unless told to wait for a second ask', async () => {
    const { cache, ask, computedTimes } = counted({ max: 10 });
    await ask('a');
    await ask('a');
    expect(computedTimes('a')).toBe(1);
    expect(cache.get('a')).toEqual({ key: 'a' });
  });

  it('keeps a value only once its key is asked again within the window, so keys asked once push nothing out', async () => {
    const { cache, ask, computedTimes } = counted({ max: 2, keepOnSecondAskWithin: 3 });
    await ask('a');
    expect(cache.get('a')).toBeUndefined();
    await ask('a');
    await ask('a');
    expect(computedTimes('a')).toBe(2);
    expect(cache.get('a')).toEqual({ key: 'a' });

    // One-off keys, more than the cache holds, leave the repeated one in place.
    for (const key of ['b', 'c', 'd', 'e']) await ask(key);
    expect(cache.get('a')).toEqual({ key: 'a' });
    expect(cache.get('e')).toBeUndefined();

    // Asked again only after three other asks: out of the window, so computed and not kept.
    await ask('b');
    expect(computedTimes('b')).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    await ask('b');
    expect(cache.get('b')).toEqual({ key: 'b' });
  });

  it('runs one computation for asks of a new key that arrive while it runs', async () => {
    const { ask, computedTimes } = counted({ max: 2, keepOnSecondAskWithin: 3 });
    const answers = await Promise.all([ask('a'), ask('a'), ask('a')]);
    expect(computedTimes('a')).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('hands back at once a value computed without waiting, kept as an awaited one would be', () => {
    const cache = new DroppableLru<{ key: string }>({ max: 2, keepOnSecondAskWithin: 3 });
    const first = cache.getOrComputeNow('a', () => ({ key: 'a' }));
    expect(first).not.toBeInstanceOf(Promise);
    expect(first).toEqual({ key: 'a' });
    // Asked once: handed back, not kept; asked again: kept.
    expect(cache.get('a')).toBeUndefined();
    cache.getOrComputeNow('a', () => ({ key: 'a' }));
    expect(cache.get('a')).toEqual({ key: 'a' });
    expect(cache.getOrComputeNow('a', () => ({ key: 'other' }))).toEqual({ key: 'a' });
  });

  it('joins a computation under way rather than computing the key again at once', async () => {
    const cache = new DroppableLru<{ key: string }>({ max: 2 });
    let fulfil!: (value: { key: string }) => void;
    const waiting = cache.getOrComputeNow('a', () => new Promise<{ key: string }>((resolve) => (fulfil = resolve)));
    const joined = cache.getOrComputeNow('a', () => ({ key: 'computed twice' }));
    expect(joined).toBe(waiting);
    fulfil({ key: 'a' });
    expect(await joined).toEqual({ key: 'a' });
    expect(cache.get('a')).toEqual({ key: 'a' });
  });

  it('lets a computation that fails at once throw to its caller and keeps nothing of it', () => {
    const cache = new DroppableLru<{ key: string }>({ max: 2 });
    expect(() =>
      cache.getOrComputeNow('a', () => {
        throw new Error('the database is away');
      }),
    ).toThrow('the database is away');
    expect(cache.getOrComputeNow('a', () => ({ key: 'a' }))).toEqual({ key: 'a' });
  });

  it('does not keep a value computed at once after a clear that came while an earlier one ran', () => {
    const cache = new DroppableLru<{ key: string }>({ max: 2 });
    const value = cache.getOrComputeNow('a', () => {
      cache.clear();
      return { key: 'stale' };
    });
    expect(value).toEqual({ key: 'stale' });
    expect(cache.get('a')).toBeUndefined();
  });
});
