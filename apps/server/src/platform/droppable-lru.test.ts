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
});
