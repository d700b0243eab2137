import Fastify, { type InjectOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser, injectAs } from '../test/helper.js';
import {
  buildCatalogueApp,
  createApprovedProduct,
  multipart,
  productFields,
  productFiles,
  type CatalogueContext,
} from '../test/factories.js';
import { strictRequestSchemas } from './strict-schemas.js';

interface Case {
  name: string;
  /** What the answer names. */
  message: string;
  request: (ids: { productId: string; userId: string }) => Promise<InjectOptions> | InjectOptions;
}

const upload = async (fields: Record<string, string>): Promise<InjectOptions> => ({
  method: 'POST',
  url: '/api/product/uploadProduct',
  ...(await multipart({ ...productFields(fields), ...(await productFiles()) })),
});

/** The loose calls the issue found, and the multipart JSON texts where `__proto__` used to vanish. */
const CASES: Case[] = [
  {
    name: 'a chat message sent as JSON',
    message: 'Unknown field: colour',
    request: ({ productId }) => ({
      method: 'POST',
      url: '/api/reskin/reskinFeatureUser',
      payload: { productId, message: 'Yes', colour: 'red' },
    }),
  },
  {
    name: 'a chat message sent as multipart',
    message: 'Unknown field: colour',
    request: async ({ productId }) => ({
      method: 'POST',
      url: '/api/reskin/reskinFeatureUser',
      ...(await multipart({ productId, message: 'Hello', colour: 'red' })),
    }),
  },
  {
    name: 'marking the admin messages read',
    message: 'Unknown field: everything',
    request: ({ productId, userId }) => ({
      method: 'PUT',
      url: '/api/reskin/markAdminMessagesAsRead',
      payload: { productId, userId, everything: true },
    }),
  },
  {
    name: 'the messages query',
    message: 'Unknown field: admin',
    request: ({ productId }) => ({ method: 'GET', url: `/api/reskin/messages?productId=${productId}&admin=1` }),
  },
  {
    name: 'the messages query with a __proto__ parameter',
    message: 'Unknown field: __proto__',
    request: ({ productId }) => ({ method: 'GET', url: `/api/reskin/messages?productId=${productId}&__proto__=1` }),
  },
  {
    name: 'the download counter',
    message: 'Unknown field: downloads',
    request: ({ productId }) => ({
      method: 'PUT',
      url: '/api/product/updateProductDownloads',
      payload: { productIds: [productId], downloads: 1000 },
    }),
  },
  { name: 'an upload with an unknown field', message: 'Unknown field: price', request: () => upload({ price: '1' }) },
  // Refused by @fastify/multipart itself, before our reader sees it.
  {
    name: 'an upload with a __proto__ field',
    message: 'prototype property is not allowed as field name',
    request: () => upload(Object.fromEntries([['__proto__', 'x']])),
  },
  {
    name: 'an upload whose title JSON holds __proto__',
    message: 'Unknown field: title.__proto__',
    request: () => upload({ title: '{"en":"Space Runner","__proto__":{"fr":"Coureur"}}' }),
  },
  {
    name: 'an upload whose description JSON holds an unknown language',
    message: 'Unknown field: description.xx',
    request: () => upload({ description: JSON.stringify({ en: '<p>Fine</p>', xx: '<p>No</p>' }) }),
  },
  {
    name: 'an upload whose keywords JSON holds __proto__',
    message: 'Unknown field: keywords.__proto__',
    request: () => upload({ keywords: '{"en":"runner","__proto__":"polluted"}' }),
  },
];

async function setting(ctx: CatalogueContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin);
  const buyer = await createUser(ctx);
  return { admin, seller, buyer, product };
}

const messageOf = (body: { message?: string; errorMessage?: string }) => body.message ?? body.errorMessage;

describe('request fields the contract does not know', () => {
  it.each(CASES)('are refused with 400 naming the field in $name', async ({ message, request }) => {
    const ctx = await buildCatalogueApp();
    const { admin, buyer, product } = await setting(ctx);
    // The buyer opens the chat, so a refusal can only come from the unknown field.
    expect(
      (
        await injectAs(ctx, buyer, {
          method: 'POST',
          url: '/api/reskin/reskinFeatureUser',
          payload: { productId: product._id, message: 'Yes' },
        })
      ).statusCode,
    ).toBe(201);

    const response = await injectAs(ctx, buyer, await request({ productId: product._id, userId: buyer._id }));

    expect({ status: response.statusCode, message: messageOf(response.json()) }).toEqual({ status: 400, message });
    const products = await injectAs(ctx, admin, { method: 'GET', url: '/api/product/uploaded-products' });
    expect(products.json()).toHaveLength(1);
  });

  it("keeps accepting, and ignoring, the fields docs/product-spec.md §7's clients send: userId and messageBy on chat calls, userId on downloads", async () => {
    const ctx = await buildCatalogueApp();
    const { buyer, product } = await setting(ctx);
    const chat = { productId: product._id, userId: buyer._id };

    const sent = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/reskin/reskinFeatureUser',
      payload: { ...chat, message: 'Yes', messageBy: 'Admin' },
    });
    const sentAsForm = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/reskin/reskinFeatureUser',
      ...(await multipart({ ...chat, message: 'Hi', messageBy: 'Admin' })),
    });
    const marked = await injectAs(ctx, buyer, { method: 'PUT', url: '/api/reskin/markAdminMessagesAsRead', payload: chat });
    const thread = await injectAs(ctx, buyer, { method: 'GET', url: `/api/reskin/messages?productId=${product._id}&userId=${buyer._id}` });
    const downloads = await injectAs(ctx, buyer, {
      method: 'PUT',
      url: '/api/product/updateProductDownloads',
      payload: { productIds: [product._id] },
    });

    expect([sent.statusCode, sentAsForm.statusCode, marked.statusCode, thread.statusCode, downloads.statusCode]).toEqual([
      201, 201, 200, 200, 200,
    ]);
    expect(sent.json()).toMatchObject({ messageBy: 'User' });
  });
});

describe('the strict request schema rule', () => {
  it('stops the app from starting when a route declares a body or query schema that lets unknown fields through', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await app.register(strictRequestSchemas);
    expect(() => app.post('/loose', { schema: { body: z.object({ name: z.string() }) } }, async () => ({}))).toThrow(
      'POST /loose: the body schema must refuse unknown fields (z.strictObject); (root) does not',
    );
    expect(() =>
      app.get(
        '/nested',
        { schema: { querystring: z.strictObject({ filter: z.object({ name: z.string() }).optional() }) } },
        async () => ({}),
      ),
    ).toThrow('GET /nested: the querystring schema must refuse unknown fields (z.strictObject); filter does not');
    expect(() =>
      app.put('/record', { schema: { body: z.strictObject({ titles: z.record(z.string(), z.string()) }) } }, async () => ({})),
    ).toThrow('PUT /record: the body schema must refuse unknown fields (z.strictObject); titles does not');
    await app.close();
  });

  it('lets strict schemas, arrays of them and unions of them through', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await app.register(strictRequestSchemas);
    const line = z.strictObject({ id: z.string() });
    app.post(
      '/strict',
      { schema: { body: z.strictObject({ lines: z.array(line).max(3), either: z.union([line, z.literal('none')]).optional() }) } },
      async () => ({}),
    );

    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
