import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createUser, injectAs, type TestUser } from '../test/helper.js';
import {
  buildCatalogueApp,
  createApprovedProduct,
  multipart,
  productFields,
  productFiles,
  type CatalogueContext,
} from '../test/factories.js';

const NUL = '\u0000';

interface Case {
  name: string;
  /** The field the answer names. */
  field: string;
  /** Multipart bodies are read by the route once the caller is known, so a visitor gets 401 first. */
  signedInOnly?: boolean;
  request: (ids: { productId: string; userId: string }) => Promise<InjectOptions> | InjectOptions;
}

const json = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>): InjectOptions => ({ method, url, payload });

/** Every kind of request text: path parameters, query strings, JSON bodies and multipart text fields, on public and signed-in calls. */
const CASES: Case[] = [
  { name: 'a product page by slug', field: 'slug', request: () => ({ method: 'GET', url: '/api/product/by-slug/space%00runner' }) },
  { name: 'a portfolio by slug', field: 'slug', request: () => ({ method: 'GET', url: '/api/product/portfolio/pixel%00forge' }) },
  { name: 'a listing by slug', field: 'slug', request: () => ({ method: 'GET', url: '/api/product/listing/popular%00' }) },
  { name: 'a shared product page', field: 'title', request: () => ({ method: 'GET', url: '/downloads/space%00runner' }) },
  { name: 'the search', field: 'q', request: () => ({ method: 'GET', url: '/api/product/search?q=space%00' }) },
  {
    name: 'the comments of a product',
    field: 'productId',
    request: () => ({ method: 'GET', url: '/api/comment/allComments?productId=abc%00defgh' }),
  },
  { name: 'the people list search', field: 'search', request: () => ({ method: 'GET', url: '/api/user/listUsers?search=a%00b' }) },
  {
    name: 'a reskin thread',
    field: 'productId',
    request: ({ productId }) => ({ method: 'GET', url: `/api/reskin/messages?productId=${productId}%00` }),
  },
  {
    name: 'sign-in',
    field: 'email',
    request: () => json('POST', '/api/user/signIn', { email: `buyer${NUL}@example.com`, password: 'whatever12' }),
  },
  {
    name: 'sign-up',
    field: 'name',
    request: () =>
      json('POST', '/api/user/addUser', {
        name: `Ann${NUL}`,
        email: 'ann@example.com',
        number: '+1 555 0100',
        password: 'a-long-password-1',
        confirmPassword: 'a-long-password-1',
      }),
  },
  {
    name: 'a comment',
    field: 'comment',
    request: ({ productId }) =>
      json('POST', '/api/comment/addComment', { productId, name: 'Ann', email: 'ann@example.com', comment: `Nice${NUL}` }),
  },
  {
    name: 'a contact message',
    field: 'message',
    request: () => json('POST', '/api/contact', { name: 'Ann', email: 'ann@example.com', companyName: 'Ann Co', message: `Hi${NUL}` }),
  },
  {
    name: 'a hire request',
    field: 'requirenments',
    request: () =>
      json('POST', '/api/developer/hireADeveloper', {
        name: 'Ann',
        email: 'ann@example.com',
        companyName: 'Ann Co',
        platform: 'Unity',
        requirenments: `Build${NUL}`,
      }),
  },
  {
    name: 'a withdrawal',
    field: 'email',
    request: () => json('POST', '/api/withdraw/withdrawDetil', { withdrawAmount: 10, email: `a${NUL}@example.com` }),
  },
  {
    name: 'marking chat messages read',
    field: 'productId',
    request: ({ productId, userId }) => json('PUT', '/api/reskin/markAdminMessagesAsRead', { productId: `${productId}${NUL}`, userId }),
  },
  {
    name: 'a reskin message as JSON',
    field: 'message',
    request: ({ productId }) => json('POST', '/api/reskin/reskinFeatureUser', { productId, message: `Yes${NUL}` }),
  },
  {
    name: 'a nested text in a JSON body',
    field: 'products.0.productId',
    request: () =>
      json('POST', '/api/payment/create-payment-intent', {
        products: [{ productId: `abcdefgh${NUL}`, licenseType: 'Single App License', isReskin: 'false' }],
        currency: 'usd',
      }),
  },
  { name: 'a JSON key', field: `bad${NUL}key`, request: () => json('POST', '/api/contact', { [`bad${NUL}key`]: 'x' }) },
  {
    name: 'a reskin message as multipart',
    field: 'message',
    signedInOnly: true,
    request: async ({ productId }) => ({
      method: 'POST',
      url: '/api/reskin/reskinFeatureUser',
      ...(await multipart({ productId, message: `Hello${NUL}` })),
    }),
  },
  {
    name: 'a product upload (multipart JSON text)',
    field: 'title.en',
    signedInOnly: true,
    request: async () => ({
      method: 'POST',
      url: '/api/product/uploadProduct',
      ...(await multipart({ ...productFields({ title: JSON.stringify({ en: `Space${NUL}Runner` }) }), ...(await productFiles()) })),
    }),
  },
  {
    name: 'a product edit (multipart plain text)',
    field: 'authorName',
    signedInOnly: true,
    request: async ({ productId }) => ({
      method: 'PUT',
      url: `/api/product/editProduct/${productId}`,
      ...(await multipart({ authorName: `Pixel${NUL}Forge` })),
    }),
  },
];

async function setting(ctx: CatalogueContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin);
  return { admin, seller, product };
}

const messageOf = (body: { message?: string; errorMessage?: string }) => body.message ?? body.errorMessage;

describe('a NUL character in request text', () => {
  it.each(CASES)(
    'is refused with 400 naming the field in $name, before anything is read or written',
    async ({ field, request, signedInOnly }) => {
      const ctx = await buildCatalogueApp();
      const { seller, product } = await setting(ctx);
      const options = await request({ productId: product._id, userId: seller._id });

      for (const user of (signedInOnly ? [seller] : [null, seller]) as (TestUser | null)[]) {
        const response = await injectAs(ctx, user, options);
        expect({ status: response.statusCode, message: messageOf(response.json()) }).toEqual({
          status: 400,
          message: `${field.replaceAll(NUL, '\\u0000')} contains a NUL character (\\u0000), which text cannot hold. Remove it and try again.`,
        });
      }
      // Nothing was written: the product is as it was.
      const detail = await injectAs(ctx, null, { method: 'GET', url: `/api/product/by-slug/${product.slug}` });
      expect(detail.json()).toMatchObject({ authorName: 'Pixel Forge', title: { en: 'Space Runner' } });
    },
  );

  it('leaves other control characters, such as tabs and new lines, to the contract of each field', async () => {
    const ctx = await buildCatalogueApp();
    const response = await injectAs(
      ctx,
      null,
      json('POST', '/api/contact', { name: 'Ann', email: 'ann@example.com', companyName: 'Ann Co', message: 'Line one\n\tLine two' }),
    );
    expect(response.statusCode).toBe(201);
  });
});
