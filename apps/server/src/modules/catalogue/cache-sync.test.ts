import { describe, expect, it } from 'vitest';
import { createUser, injectAs, uniqueChannelPrefix, type TestContext } from '../../test/helper.js';
import { buildTwoCatalogueApps, createProduct, titleJson } from '../../test/factories.js';

const redisUrl = process.env.TEST_REDIS_URL;

const visitorTitles = async (ctx: TestContext) => {
  const response = await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products' });
  return (response.json() as Array<{ title: { en: string } }>).map((product) => product.title.en);
};

describe('cached catalogue reads across instances', () => {
  it('without a shared bus, an instance keeps serving its cached answer after a write on another (what the bus is for)', async () => {
    const [a, b] = await buildTwoCatalogueApps();
    const admin = await createUser(a, { role: 'Admin' });
    expect(await visitorTitles(b)).toEqual([]);

    await createProduct(a, admin, { title: titleJson({ en: 'Written On A' }) });

    expect(await visitorTitles(a)).toEqual(['Written On A']);
    expect(await visitorTitles(b)).toEqual([]);
  });

  it.skipIf(!redisUrl)('with one Redis, a product write on one instance clears the cached answer of the other', async () => {
    const [a, b] = await buildTwoCatalogueApps({ REDIS_URL: redisUrl!, EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix() });
    const admin = await createUser(a, { role: 'Admin' });
    expect(await visitorTitles(b)).toEqual([]);

    await createProduct(a, admin, { title: titleJson({ en: 'Written On A' }) });

    await expect.poll(() => visitorTitles(b)).toEqual(['Written On A']);
  });
});
