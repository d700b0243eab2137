import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildTwoCatalogueApps, createApprovedProduct, buildCatalogueApp, titleJson } from '../../test/factories.js';
import { createUser, injectAs, uniqueChannelPrefix, type TestContext } from '../../test/helper.js';
import { ownRedisServer } from '../../test/redisServer.js';
import { sendJson } from '../../test/reskin-chat.js';

const visitorTitles = async (ctx: TestContext) => {
  const response = await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products' });
  return (response.json() as Array<{ title: { en: string } }>).map((product) => product.title.en);
};

const timed = async <T>(action: () => Promise<T>) => {
  const started = performance.now();
  const result = await action();
  return { result, ms: performance.now() - started };
};

/** Each test runs its own redis-server and stops it; the machine's shared Redis is never touched. */
describe('Redis as an optional accelerator', () => {
  it('starts and serves while the configured Redis is down', async () => {
    const redis = await ownRedisServer();
    await redis.stop();

    const { result: ctx, ms } = await timed(() =>
      buildCatalogueApp({ REDIS_URL: redis.url, EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix() }),
    );

    expect(ms).toBeLessThan(10_000);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products' })).statusCode).toBe(200);
  });

  it('signs in within a second, stores a chat message, and still counts sign-in attempts while Redis is down', async () => {
    const redis = await ownRedisServer();
    const ctx = await buildCatalogueApp({
      REDIS_URL: redis.url,
      EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix(),
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
    });
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const buyer = await createUser(ctx);
    const product = await createApprovedProduct(ctx, seller, admin);
    await redis.stop();

    const signIn = await timed(() =>
      ctx.app.inject({ method: 'POST', url: '/api/user/signIn', payload: { email: buyer.email, password: buyer.password } }),
    );
    const chat = await timed(() => sendJson(ctx, buyer, { productId: product._id, message: 'Yes' }));
    const attempts: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      attempts.push(
        (await ctx.app.inject({ method: 'POST', url: '/api/user/signIn', payload: { email: buyer.email, password: 'wrong-password-1' } }))
          .statusCode,
      );
    }

    expect(signIn.result.statusCode).toBe(200);
    expect(signIn.ms).toBeLessThan(1_000);
    expect(chat.result.statusCode).toBe(201);
    expect(chat.ms).toBeLessThan(1_000);
    expect(await ctx.db.selectFrom('reskin_messages').select('message').execute()).toEqual([{ message: 'Yes' }]);
    expect(attempts.slice(0, 4).every((status) => status === 401)).toBe(true);
    expect(attempts.slice(4)).toEqual([429, 429]);
  });

  it('drops every instance’s cached catalogue once Redis is back, so a change made during the outage is not stale', async () => {
    const redis = await ownRedisServer();
    const [a, b] = await buildTwoCatalogueApps({ REDIS_URL: redis.url, EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix() });
    const admin = await createUser(a, { role: 'Admin' });
    const product = await createApprovedProduct(a, admin, admin, { title: titleJson({ en: 'Before The Outage' }) });
    await expect.poll(() => visitorTitles(b)).toEqual(['Before The Outage']);
    // The upload's and approval's events may still be on their way to B; once they are in, B caches its answer again.
    await sleep(500);
    expect(await visitorTitles(b)).toEqual(['Before The Outage']);
    await redis.stop();

    const edited = await injectAs(a, admin, {
      method: 'PUT',
      url: `/api/product/editProduct/${product._id}`,
      payload: multipartTitle('During The Outage'),
      headers: MULTIPART_HEADERS,
    });
    expect(edited.statusCode).toBe(200);
    expect(await visitorTitles(a)).toEqual(['During The Outage']);
    expect(await visitorTitles(b)).toEqual(['Before The Outage']);

    await redis.start();

    await expect.poll(() => visitorTitles(b), { timeout: 15_000 }).toEqual(['During The Outage']);
  });
});

const BOUNDARY = 'outage-boundary';
const MULTIPART_HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const multipartTitle = (title: string) =>
  `--${BOUNDARY}\r\ncontent-disposition: form-data; name="title"\r\n\r\n${titleJson({ en: title })}\r\n--${BOUNDARY}--\r\n`;
