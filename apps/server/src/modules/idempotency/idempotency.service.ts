import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { type IdempotencyId, IdempotencyRepository } from './idempotency.repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A key is remembered this long; a later request with it starts afresh. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** What a client may send as Idempotency-Key: a UUID, or any token of safe characters. */
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

export interface Answer<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export interface IdempotencyServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * Idempotency-Key for unsafe calls such as an upload: the first request with a key runs and its
 * answer is kept for a day; a repeat (a double click, a retry after a lost answer) gets that answer
 * without running again; a twin sent while the first still runs is refused with 409. A request that
 * fails frees its key, so the same entries may be sent again.
 */
export class IdempotencyService {
  private readonly keys: IdempotencyRepository;
  private readonly clock: Clock;

  constructor({ db, clock }: IdempotencyServiceDependencies) {
    this.keys = new IdempotencyRepository(db);
    this.clock = clock;
  }

  /** The header's value checked, or null when the request sent none. */
  parseKey(header: string | string[] | undefined): string | null {
    if (header === undefined) return null;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw badRequest('Idempotency-Key must be 8 to 128 letters, digits or . _ : -');
    }
    return header;
  }

  async once<T>(userId: string, scope: string, key: string, work: () => Promise<{ statusCode: number; body: T }>): Promise<Answer<T>> {
    const id: IdempotencyId = { user_id: userId, scope, key };
    const now = this.clock.now();
    if (!(await this.keys.claim(id, now.toISOString()))) {
      const earlier = await this.keys.find(id);
      const expired = earlier && now.getTime() - Date.parse(earlier.created_at) > KEY_LIFETIME_MS;
      if (earlier && !expired) {
        if (earlier.status_code === null || earlier.body === null) {
          throw conflict('The same request is still being processed; wait for its answer.');
        }
        return { statusCode: earlier.status_code, body: JSON.parse(earlier.body) as T, replayed: true };
      }
      if (earlier) await this.keys.release(id);
      // Freed meanwhile (its request failed), or expired: claim afresh; a twin racing here gets 409.
      if (!(await this.keys.claim(id, now.toISOString())))
        throw conflict('The same request is still being processed; wait for its answer.');
    }
    try {
      const answer = await work();
      await this.keys.complete(id, answer.statusCode, JSON.stringify(answer.body));
      return { ...answer, replayed: false };
    } catch (error) {
      await this.keys.release(id);
      throw error;
    }
  }
}
