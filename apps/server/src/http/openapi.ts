import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PATHS, productFormSchema, releaseFormSchema, reskinSendSchema } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser } from '../modules/auth/index.js';

const binary = { type: 'string', format: 'binary' } as const;
const textParts = (names: string[]) => Object.fromEntries(names.map((name) => [name, { type: 'string' }]));

/**
 * Multipart bodies are read part by part by their handlers (files stream to storage), so their routes
 * carry no body schema to validate with; the document still says what to send.
 */
const productParts = {
  type: 'object',
  description:
    'The product form (productFormSchema) as text parts — title, description and keywords as JSON text by language — and its files.',
  properties: {
    ...textParts(Object.keys(productFormSchema.shape)),
    featureImg: binary,
    thumbnail: binary,
    screenshots: { type: 'array', items: binary },
    sourceCode: { ...binary, description: 'The source code as a ZIP archive' },
  },
};
const releaseParts = {
  type: 'object',
  description: 'A new version: its number, changelog (rich text) and engine version as text parts, and its archive.',
  properties: {
    ...textParts(Object.keys(releaseFormSchema.shape)),
    sourceCode: { ...binary, description: 'The source code as a ZIP archive' },
  },
  required: ['version', 'changelog', 'sourceCode'],
};
const MULTIPART_BODIES: Record<string, object> = {
  [`POST ${API_PATHS.product.upload}`]: { ...productParts, required: ['featureImg', 'thumbnail', 'sourceCode'] },
  [`PUT ${API_PATHS.product.edit}`]: {
    ...productParts,
    description: `${productParts.description} Parts left out stay as they are; a sourceCode part is refused (publish a release).`,
  },
  [`POST ${API_PATHS.product.releases}`]: releaseParts,
  [`POST ${API_PATHS.v1.productReleases}`]: {
    ...releaseParts,
    example: { version: '1.1.0', changelog: '<p>Faster level loading</p>', engineVersion: 'Unity 2022.3', sourceCode: '(the ZIP file)' },
  },
  [`POST ${API_PATHS.reskin.send}`]: {
    type: 'object',
    properties: { ...textParts(Object.keys(reskinSendSchema.shape)), fileUpload: { ...binary, description: 'An image, PDF or ZIP' } },
    required: ['productId'],
  },
};

/** `GET /api/product/:id` → `getProductById`: one stable, unique name per operation for client generators. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

const hasSuccessSchema = (response: unknown) =>
  typeof response === 'object' && response !== null && Object.keys(response).some((status) => status.startsWith('2'));

/**
 * The zod route schemas as JSON Schema, plus what they cannot say: an operationId, the session cookie on
 * routes that need a signed-in user, the multipart bodies, and the files and streams some routes send.
 * Only the document changes; validation keeps the route's own schema.
 */
const describeRoute: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input) as { schema: Record<string, unknown>; url: string };
  const method = [input.route.method].flat()[0]!;
  const preHandlers = [input.route.preHandler ?? []].flat();
  const needsSession = preHandlers.some((hook) => hook === requireUser || hook === requireAdmin);
  const produces = schema.produces as string[] | undefined;
  const sendsBytes = produces !== undefined && !hasSuccessSchema(schema.response);
  const multipartBody = MULTIPART_BODIES[`${method} ${url}`];
  return {
    url,
    schema: {
      ...schema,
      operationId: operationIdOf(method, url),
      // A call that names no scheme needs none: `security: []` says so instead of leaving it unsaid.
      security: needsSession ? [{ session: [] }] : ((schema.security as { [scheme: string]: string[] }[] | undefined) ?? []),
      ...(multipartBody ? { body: multipartBody, consumes: ['multipart/form-data'] } : {}),
      ...(sendsBytes
        ? {
            response: {
              200: produces.includes('text/event-stream')
                ? { type: 'string', description: 'Server-sent events, one per change, until the client leaves' }
                : { ...binary, description: 'The file, streamed' },
              ...(schema.response as object),
            },
          }
        : {}),
    },
  };
};

/** The component names a piece of the document refers to. */
const refersTo = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);

type SchemaNode = { [key: string]: unknown; nullable?: boolean; type?: unknown; allOf?: unknown };

/**
 * OpenAPI 3.0 cannot put `nullable` on a `$ref`, so the library writes a nullable named schema as
 * `{ nullable: true, allOf: [{ $ref }] }`; without a `type` beside it `nullable` means nothing (OpenAPI
 * 3.0.3, Redocly's nullable-type-sibling), so the referenced schema's own type is added. A lone
 * `{ allOf: [{ $ref }] }` becomes the `$ref`.
 */
function tidyReferences(node: unknown, named: Record<string, unknown>): void {
  if (Array.isArray(node)) {
    for (const item of node) tidyReferences(item, named);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as SchemaNode;
  const [only] = Array.isArray(schema.allOf) ? (schema.allOf as { $ref?: string }[]) : [];
  if (schema.nullable === true && schema.type === undefined && typeof only?.$ref === 'string') {
    const target = named[only.$ref.replace('#/components/schemas/', '')] as SchemaNode | undefined;
    schema.type = target?.type ?? 'object';
  }
  for (const [key, value] of Object.entries(schema)) {
    // `{ allOf: [{ $ref }] }` alone says no more than the `$ref` itself (no-illogical-composition-keywords).
    const lone = value as SchemaNode | null;
    if (lone && typeof lone === 'object' && Object.keys(lone).length === 1 && Array.isArray(lone.allOf) && lone.allOf.length === 1) {
      schema[key] = lone.allOf[0];
    }
    tidyReferences(schema[key], named);
  }
}

/**
 * The contracts' entities (`.meta({ id })`) as named component schemas. The library adds an input twin
 * (`ProductSummaryInput`) of each; the entities are answers only, so twins nothing refers to are left out.
 */
const nameComponents: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  const named: Record<string, unknown> | undefined = 'components' in document ? document.components?.schemas : undefined;
  if (!named) return document;
  tidyReferences(document, named);
  const used = new Set<string>();
  const pending = refersTo(document.paths);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refersTo(named[name]));
  }
  for (const name of Object.keys(named)) if (name.endsWith('Input') && !used.has(name)) delete named[name];
  return document;
};

/** The OpenAPI document of every route, browsable at /api/docs (JSON at /api/docs/json). */
export const openApi = fp(async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Source-code marketplace API',
        description:
          'Paths and payloads follow the product spec (docs/product-spec.md, section 7); identity comes from the session cookie.',
        version: '1.0.0',
        license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      },
      // Relative: the document is served by the API it describes, wherever that runs.
      servers: [{ url: '/', description: 'The server this document is served from' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          sellerToken: { type: 'http', scheme: 'bearer', description: 'A seller API token from /userPanel/api-tokens' },
        },
      },
    },
    transform: describeRoute,
    transformObject: nameComponents,
  });
  await app.register(swaggerUi, { routePrefix: API_PATHS.docs, staticCSP: true });
});
