import type { Licence, Purchase } from '@market/contracts';
import * as fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buyWithCard, singleLine } from '../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, createProduct, multipart, type CatalogueContext } from '../test/factories.js';
import { createUser, injectAs, type TestUser } from '../test/helper.js';

/** The parts of an OpenAPI (JSON Schema) document this test reads. */
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface WriteCall {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form: /api/review/{id}. */
  path: string;
  pathParams: Parameter[];
  query: Record<string, JsonSchema>;
  jsonBody: JsonSchema | null;
  multipartBody: JsonSchema | null;
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

/** Every write call of the running app, read from its OpenAPI document, so a new route is covered the day it is added. */
function writeCallsOf(document: OpenApiDocument): WriteCall[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => WRITE_METHODS.includes(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const content = operation.requestBody?.content ?? {};
        return {
          method: method.toUpperCase() as WriteCall['method'],
          path,
          pathParams: parameters.filter((parameter) => parameter.in === 'path'),
          query: Object.fromEntries(
            parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter.schema ?? {}]),
          ),
          jsonBody: content['application/json']?.schema ?? null,
          multipartBody: content['multipart/form-data']?.schema ?? null,
        };
      }),
  );
}

const HUGE_TEXT = 'x'.repeat(200_000);

/** Values no form sends: wrong types, nothing, control characters, NUL bytes and sizes past every limit. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202Eevil',
    '\u0007\u001b[31m',
    '__proto__',
    'constructor',
    'not a url',
    'http://',
    '1e400',
    '-0',
    'NaN',
    '99999999999999999999999',
    '../../etc/passwd',
    "' or 1=1 --",
    HUGE_TEXT,
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, 0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constant(Array.from({ length: 5000 }, (_, index) => index)),
);

interface Fixture {
  ctx: CatalogueContext;
  user: TestUser;
  admin: TestUser;
  /** Ids and codes of things that exist, so a plausible request reaches past the lookups into the rules. */
  ids: string[];
  /** Values known to pass, by field name, so a request with one odd field reaches the code behind the others' checks. */
  dictionary: Record<string, unknown[]>;
}

/** A value the field's schema might take: its enum values, numbers in range, ids of things that exist. */
function plausibleValue(schema: JsonSchema, fixture: Fixture, document: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return plausibleValue(document.components?.schemas?.[name] ?? {}, fixture, document, depth);
  }
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => plausibleValue(option, fixture, document, depth)));
  if (schema.allOf?.length) return plausibleValue(schema.allOf[0]!, fixture, document, depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const type = [schema.type ?? 'string'].flat().find((name) => name !== 'null') ?? 'null';
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? Math.max(min, 0) + 100_000;
      return type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(plausibleValue(schema.items ?? {}, fixture, document, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(schema, fixture, document, depth + 1);
    default:
      return plausibleText(schema, fixture);
  }
}

/** A field the dictionary knows, or named as an id or code, mostly gets one of a thing that exists; the rest what its schema says. */
function plausibleField(name: string, schema: JsonSchema, fixture: Fixture, document: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const value = plausibleValue(schema, fixture, document, depth);
  const known = fixture.dictionary[name] ?? (/(id|code)$/i.test(name) ? fixture.ids : null);
  return known ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: value }) : value;
}

/** Text the field's rule might take: an existing id that fits its pattern, a string built from the pattern, or one of its lengths. */
function plausibleText(schema: JsonSchema, fixture: Fixture): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.format === 'email') return fc.oneof(fc.constantFrom('fuzz@example.com', 'Fuzz.Person@example.org'), fc.emailAddress());
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const existing = fixture.ids.filter((id) => pattern.test(id));
    const built = fc.stringMatching(pattern).filter((text) => text.length <= (schema.maxLength ?? Infinity));
    return existing.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...existing) }, { weight: 1, arbitrary: built }) : built;
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.constantFrom(...fixture.ids),
    fc.constantFrom(
      'https://play.google.com/store/apps/details?id=com.fuzz.app',
      'fuzz@example.com',
      '{"en":"Fuzz"}',
      '<p>A fuzzing paragraph of some length</p>',
      'A reason that is long enough to pass',
      'com.fuzz.app',
      'true',
      '1',
      'Fuzz',
    ),
  );
}

/**
 * An object the schema might take (every field it declares), and then now and then one field given a value no form sends, left out, or a field nobody declared added.
 */
function objectOf(schema: JsonSchema, fixture: Fixture, document: OpenApiDocument, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const fields = Object.fromEntries(names.map((name) => [name, plausibleField(name, properties[name]!, fixture, document, depth)]));
  const mutation = fc.oneof(
    fc.tuple(fc.constantFrom(...names, 'extra', '__proto__', 'userId', 'role', 'price'), hostileValue),
    ...(names.length ? [fc.tuple(fc.constantFrom(...names), fc.constant(undefined))] : []),
  );
  return fc.tuple(fc.record(fields), fc.option(mutation, { freq: 4, nil: null })).map(([record, change]) => {
    if (!change) return record;
    const [name, value] = change;
    const changed: Record<string, unknown> = { ...record };
    if (value === undefined) delete changed[name];
    else Object.defineProperty(changed, name, { value, enumerable: true, writable: true, configurable: true });
    return changed;
  });
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** One request to `call`: its path parameters, query and body each plausible or hostile. */
interface Sent {
  method: WriteCall['method'];
  url: string;
  payload?: unknown;
  /** Text parts of a multipart body. */
  parts?: Record<string, string>;
}

async function injectOptionsOf({ method, url, payload, parts }: Sent): Promise<InjectOptions> {
  if (parts) return { method, url, ...(await multipart(parts)) };
  return payload === undefined || payload === null ? { method, url } : { method, url, payload: payload as object };
}

function requestTo(call: WriteCall, fixture: Fixture, document: OpenApiDocument): fc.Arbitrary<Sent> {
  const pathValue = (parameter: Parameter) =>
    fc.oneof(
      { weight: 3, arbitrary: plausibleField(parameter.name, parameter.schema ?? {}, fixture, document) },
      { weight: 1, arbitrary: hostileValue },
    );
  const body: fc.Arbitrary<unknown> = call.jsonBody
    ? fc.oneof({ weight: 6, arbitrary: plausibleValue(call.jsonBody, fixture, document) }, { weight: 1, arbitrary: hostileValue })
    : fc.option(hostileValue, { freq: 2 });
  return fc
    .record({
      params: fc.tuple(...call.pathParams.map(pathValue)),
      query: objectOf({ properties: call.query }, fixture, document),
      body,
      parts: call.multipartBody
        ? objectOf(call.multipartBody, fixture, document).map((parts) =>
            Object.fromEntries(Object.entries(parts).map(([name, value]) => [name, asText(value)])),
          )
        : fc.constant(null),
    })
    .map(({ params, query, body: payload, parts }) => {
      let url = call.path;
      call.pathParams.forEach(({ name }, index) => {
        url = url.replace(`{${name}}`, encodeURIComponent(asText(params[index]) || '-'));
      });
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) for (const item of [value].flat()) search.append(name, asText(item));
      if (search.size) url += `?${search}`;
      return parts ? { method: call.method, url, parts } : { method: call.method, url, payload };
    });
}

/** A seller with an approved and a pending product, a buyer of one with an app on the licence, and an admin. */
async function marketplace(): Promise<Fixture> {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const user = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin);
  const own = await createProduct(ctx, user);
  const purchase: Purchase = await buyWithCard(ctx, user, [singleLine(product._id)]);
  const licences = (await injectAs(ctx, user, { method: 'GET', url: '/api/licence/mine' })).json() as Licence[];
  const code = licences[0]!.purchaseCode;
  const withApp = await injectAs(ctx, user, {
    method: 'POST',
    url: `/api/licence/${code}/apps`,
    payload: { appName: 'Fuzz', bundleId: 'com.fuzz.app' },
  });
  const appId = (withApp.json() as Licence).registeredApps[0]!._id;
  const review = await injectAs(ctx, user, {
    method: 'POST',
    url: '/api/review/addReview',
    payload: { productId: product._id, rating: 4, text: 'Works as described, and well documented' },
  });
  const reviewId = (review.json() as { _id: string })._id;
  const ids = [product._id, own._id, purchase._id, code, appId, user._id, seller._id, admin._id, reviewId];
  const text = ['A plain text of a few words, long enough for every form'];
  const dictionary: Record<string, unknown[]> = {
    id: ids,
    code: [code],
    appId: [appId],
    productId: [product._id, own._id],
    productIds: [[product._id]],
    bundleId: ['com.fuzz.app', 'com.fuzz.other'],
    appName: ['Fuzz Runner'],
    storeUrl: ['https://play.google.com/store/apps/details?id=com.fuzz.other', 'https://apps.apple.com/us/app/fuzz/id123456'],
    name: ['Fuzz Person'],
    email: ['fuzz@example.com', user.email],
    password: [user.password],
    confirmPassword: [user.password],
    number: ['+1 555 0100'],
    rating: [1, 5],
    text,
    comment: text,
    message: text,
    reason: text,
    description: text,
  };
  return { ctx, user, admin, ids, dictionary };
}

describe('every write call', () => {
  it('answers any value in any field with 2xx or 4xx, never 5xx, for a user and an admin', async () => {
    const fixture = await marketplace();
    await fixture.ctx.app.ready();
    const document = fixture.ctx.app.swagger() as unknown as OpenApiDocument;
    const calls = writeCallsOf(document);
    expect(calls.length).toBeGreaterThan(40);

    const sent = fc.oneof(
      ...calls.map((call) => fc.tuple(fc.constantFrom('user' as const, 'admin' as const), requestTo(call, fixture, document))),
    );
    await fc.assert(
      fc.asyncProperty(sent, async ([sender, request]) => {
        // Signing out would leave the rest of the run signed out.
        const as = request.url.includes('/signOut') ? null : fixture[sender];
        const options = await injectOptionsOf(request);
        const response = await injectAs(fixture.ctx, as, options);
        if (response.statusCode >= 500) {
          throw new Error(`${options.method} ${options.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        }
      }),
      { numRuns: 600 },
    );
  });
});
