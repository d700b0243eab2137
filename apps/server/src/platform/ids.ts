import { randomBytes } from 'node:crypto';

/** Opaque random ids: 24 hex characters (96 random bits). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
