import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createPaymentIntentBodySchema,
  MULTI_BELOW_SINGLE_MESSAGE,
  pageQuerySchema,
  peopleQuerySchema,
  popularQuerySchema,
  productFormSchema,
  productListQuerySchema,
  salesQuerySchema,
  searchQuerySchema,
} from './index.js';

/** zod's own wording, which reached the page as it is: 'Too small: expected number to be >=0'. */
const VALIDATOR_WORDING = /^(Too small|Too big|Invalid input|Expected|Invalid)/;

const form = {
  type: 'Games',
  category: 'Android',
  subCategory: 'Arcades',
  title: { en: 'Space Runner' },
  description: { en: '<p>Runs</p>' },
  features: '<p>Levels</p>',
  livePreview: 'https://example.com/preview',
  singleAppLicense: '49.99',
  multiAppLicense: '149',
  authorName: 'Pixel Forge',
};

const messagesOf = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues.map((issue) => issue.message));

describe('numeric fields speak to people', () => {
  const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
    ['developmentHours', productFormSchema, form, 'developmentHours'],
    ['singleAppLicense', productFormSchema, form, 'singleAppLicense'],
    ['reskinPrice', productFormSchema, form, 'reskinPrice'],
    ['page', pageQuerySchema, {}, 'page'],
    ['people page', peopleQuerySchema, {}, 'page'],
    ['people pageSize', peopleQuerySchema, {}, 'pageSize'],
    ['sales limit', salesQuerySchema, {}, 'limit'],
    ['list limit', productListQuerySchema, {}, 'limit'],
    ['list offset', productListQuerySchema, {}, 'offset'],
    ['search limit', searchQuerySchema, {}, 'limit'],
    ['popular limit', popularQuerySchema, {}, 'limit'],
  ];
  for (const [name, schema, base, field] of cases) {
    it.each(['-1', '1.505', 'abc', '99999999', -5])(`${name}: %j gets a message a person can read`, (value) => {
      const messages = messagesOf(schema.safeParse({ ...base, [field]: value }));
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).not.toMatch(VALIDATOR_WORDING);
    });
  }

  it('names the field and its range for development hours', () => {
    expect(messagesOf(productFormSchema.safeParse({ ...form, developmentHours: '-1' }))).toEqual([
      'Development hours must be a whole number from 0 to 100,000',
    ]);
  });

  it("a payment's amount, if sent, is whole cents from 0", () => {
    const body = { products: [{ productId: 'product_0001', licenseType: 'Single App License', isReskin: 'false' }], currency: 'usd' };
    expect(messagesOf(createPaymentIntentBodySchema.safeParse({ ...body, amount: -1 }))).toEqual(['The amount cannot be negative']);
  });
});

describe('licence prices', () => {
  it('refuses a Multi App License cheaper than the Single one, at the Multi field', () => {
    const result = productFormSchema.safeParse({ ...form, singleAppLicense: '50', multiAppLicense: '40' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['multiAppLicense', MULTI_BELOW_SINGLE_MESSAGE],
    ]);
  });

  it('accepts equal prices and a dearer Multi App License', () => {
    expect(productFormSchema.safeParse({ ...form, singleAppLicense: '50', multiAppLicense: '50' }).success).toBe(true);
    expect(productFormSchema.safeParse({ ...form, singleAppLicense: '50', multiAppLicense: '50.01' }).success).toBe(true);
  });
});
