import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, type HttpError } from '../platform/errors.js';

const NUL = '\u0000';

/** Shown as the escape a person can search for, never as the invisible character itself. */
const visible = (field: string) => field.replaceAll(NUL, '\\u0000');

export const nulCharacterRefused = (field: string): HttpError =>
  badRequest(`${visible(field)} contains a NUL character (\\u0000), which text cannot hold. Remove it and try again.`);

/**
 * The path (`products.0.productId`) of the first text or key holding a NUL character, or null.
 * Walked with a stack of its own, so a deeply nested body cannot overflow the call stack.
 */
export function fieldWithNulCharacter(value: unknown, path = ''): string | null {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return at;
      continue;
    }
    // Raw bodies (the signed payment webhook) are bytes, not text.
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      const itemPath = at ? `${at}.${key}` : key;
      if (key.includes(NUL)) return itemPath;
      pending.push([item, itemPath]);
    }
  }
  return null;
}

/** Throws the 400 answer when a text of `value` (a multipart field, a parsed JSON field) holds a NUL character. */
export function refuseNulCharacter(value: unknown, path = ''): void {
  const field = fieldWithNulCharacter(value, path);
  if (field !== null) throw nulCharacterRefused(field);
}

/**
 * PostgreSQL cannot store or even compare text holding NUL (it answers an error, so the call would
 * answer 500), and no person types one: every path parameter, query and JSON body is refused with
 * 400 before it reaches a route. Multipart text is read by the routes, which call refuseNulCharacter.
 */
export const requestText = fp(async function requestText(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNulCharacter(request.params);
      refuseNulCharacter(request.query);
      refuseNulCharacter(request.body);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
});
