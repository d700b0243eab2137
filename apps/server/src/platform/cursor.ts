import { BAD_CURSOR_MESSAGE } from '@market/contracts';
import { badRequest } from './errors.js';

/** Where a page of a list sorted newest first ended: the last row's time and id (ties broken by id). */
export interface Position {
  at: string;
  id: string;
}

/**
 * An opaque cursor for `?cursor=` (docs/decisions/0014): a position rather than an offset, so rows
 * written while a client walks the pages neither repeat nor skip one.
 */
export const encodeCursor = ({ at, id }: Position): string => Buffer.from(JSON.stringify([at, id])).toString('base64url');

/** The position a cursor names; 400 on the `cursor` field for one we did not give. */
export function decodeCursor(cursor: string | undefined): Position | null {
  if (cursor === undefined) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 2 && decoded.every((part) => typeof part === 'string')) {
      return { at: decoded[0] as string, id: decoded[1] as string };
    }
  } catch {
    // Not JSON: answered below like any other cursor we did not give.
  }
  throw badRequest(BAD_CURSOR_MESSAGE, 'cursor');
}

/** A page of `limit` rows out of the `limit + 1` read, and the cursor of the next page when there is one. */
export function pageOf<T>(rows: readonly T[], limit: number, positionOf: (row: T) => Position): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}
