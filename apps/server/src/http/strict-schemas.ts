import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';

const REQUEST_PARTS = ['body', 'querystring', 'params'] as const;

type AnySchema = z.core.$ZodType;
const isZodSchema = (value: unknown): value is AnySchema => typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Where inside `schema` an object lets unknown fields through (a plain z.object, or a record, which
 * drops a `__proto__` key without a word), as a path; null when every object in it is strict.
 */
export function looseObjectIn(schema: AnySchema, path = '(root)'): string | null {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (child: unknown, at: string) => (isZodSchema(child) ? looseObjectIn(child, at) : null);
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as AnySchema | undefined;
      if (catchall?._zod.def.type !== 'never') return path;
      for (const [key, child] of Object.entries(def.shape as Record<string, AnySchema>)) {
        const found = inner(child, path === '(root)' ? key : `${path}.${key}`);
        if (found) return found;
      }
      return null;
    }
    case 'record':
      return path;
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'pipe':
      return inner(def.in, path) ?? inner(def.out, path);
    case 'union':
      for (const option of def.options as AnySchema[]) {
        const found = inner(option, path);
        if (found) return found;
      }
      return null;
    case 'intersection':
      return inner(def.left, path) ?? inner(def.right, path);
    default:
      // optional, nullable, default, catch, readonly…: the wrapped schema decides.
      return 'innerType' in def ? inner(def.innerType, path) : null;
  }
}

/**
 * Every route's body, query and path schemas must refuse fields the contract does not know (400
 * naming the field): a route declaring a loose one stops the app at start, in every test run.
 * Fields docs/product-spec.md §7's clients send and the server ignores are declared in the contracts as such.
 */
export const strictRequestSchemas = fp(async function strictRequestSchemas(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    for (const part of REQUEST_PARTS) {
      const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
      if (!isZodSchema(schema)) continue;
      const loose = looseObjectIn(schema);
      if (loose) {
        const methods = [route.method].flat().join(',');
        throw new Error(`${methods} ${route.url}: the ${part} schema must refuse unknown fields (z.strictObject); ${loose} does not`);
      }
    }
  });
});
