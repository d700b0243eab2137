import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCatalogueApp, multipart, productFields, productFiles } from '../../test/factories.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';

async function uploadWithKey(ctx: TestContext, user: TestUser, key: string | undefined, fields: Record<string, string | undefined> = {}) {
  const { payload, headers } = await multipart({ ...productFields(fields), ...(await productFiles()) });
  return injectAs(ctx, user, {
    method: 'POST',
    url: '/api/product/uploadProduct',
    payload,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

const productCount = async (ctx: TestContext) => (await ctx.db.selectFrom('products').select('id').execute()).length;

describe('an upload with an Idempotency-Key', () => {
  it('sent twice creates one product, and the repeat gets the first answer', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const key = randomUUID();

    const first = await uploadWithKey(ctx, seller, key);
    const repeat = await uploadWithKey(ctx, seller, key);

    expect(first.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()._id).toBe(first.json()._id);
    expect(first.headers['idempotent-replayed']).toBe('false');
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await productCount(ctx)).toBe(1);
  });

  it('sent twice at once creates one product; the twin is refused with 409 or given the same answer', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const key = randomUUID();

    const answers = await Promise.all([uploadWithKey(ctx, seller, key), uploadWithKey(ctx, seller, key)]);

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(await productCount(ctx)).toBe(1);
    const messages = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message);
    expect(messages.every((message) => message === 'The same request is still being processed; wait for its answer.')).toBe(true);
  });

  it('is free again after the first request failed, so the corrected form goes through', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const key = randomUUID();

    const failed = await uploadWithKey(ctx, seller, key, { singleAppLicense: 'not a price' });
    const corrected = await uploadWithKey(ctx, seller, key);

    expect(failed.statusCode).toBe(400);
    expect(corrected.statusCode).toBe(201);
    expect(await productCount(ctx)).toBe(1);
  });

  it("belongs to its sender: another user's upload with the same key is their own", async () => {
    const ctx = await buildCatalogueApp();
    const [seller, other] = [await createUser(ctx), await createUser(ctx)];
    const key = randomUUID();

    const mine = await uploadWithKey(ctx, seller, key);
    const theirs = await uploadWithKey(ctx, other, key);

    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()._id).not.toBe(mine.json()._id);
    expect(await productCount(ctx)).toBe(2);
  });

  it('is forgotten after a day: the same key then uploads again', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const key = randomUUID();

    await uploadWithKey(ctx, seller, key);
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const dayLater = await uploadWithKey(ctx, seller, key);

    expect(dayLater.headers['idempotent-replayed']).toBe('false');
    expect(await productCount(ctx)).toBe(2);
  });

  it('must be a token of safe characters', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);

    const response = await uploadWithKey(ctx, seller, 'bad key with spaces');

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Idempotency-Key must be 8 to 128 letters, digits or . _ : -');
    expect(await productCount(ctx)).toBe(0);
  });
});
