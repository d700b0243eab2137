import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTwoTestApps, createUser, injectAs, uniqueChannelPrefix } from '../../test/helper.js';
import { createProduct, titleJson } from '../../test/factories.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two instances over one database and one data folder, as behind a load balancer. */
async function twoInstances(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-data-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return buildTwoTestApps({ DATA_DIR: dataDir, ...env });
}

const visitorTitles = async (ctx: Awaited<ReturnType<typeof twoInstances>>[number]) => {
  const response = await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products' });
  return (response.json() as Array<{ title: { en: string } }>).map((product) => product.title.en);
};

describe('cached catalogue reads across instances', () => {
  it('without a shared bus, an instance keeps serving its cached answer after a write on another (what the bus is for)', async () => {
    const [a, b] = await twoInstances();
    const admin = await createUser(a, { role: 'Admin' });
    expect(await visitorTitles(b)).toEqual([]);

    await createProduct(a, admin, { title: titleJson({ en: 'Written On A' }) });

    expect(await visitorTitles(a)).toEqual(['Written On A']);
    expect(await visitorTitles(b)).toEqual([]);
  });

  it.skipIf(!redisUrl)('with one Redis, a product write on one instance clears the cached answer of the other', async () => {
    const [a, b] = await twoInstances({ REDIS_URL: redisUrl!, EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix() });
    const admin = await createUser(a, { role: 'Admin' });
    expect(await visitorTitles(b)).toEqual([]);

    await createProduct(a, admin, { title: titleJson({ en: 'Written On A' }) });

    await expect.poll(() => visitorTitles(b)).toEqual(['Written On A']);
  });
});
