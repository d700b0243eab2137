import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './schema.js';

/** Something a write tells the world (a mail handed to delivery, a notice announced, a cache dropped). */
export type AfterCommitEffect = () => void | Promise<void>;

/** Registers an effect that runs only once the transaction has committed; never from a rolled-back one. */
export type AfterCommit = (effect: AfterCommitEffect) => void;

/** The work of one unit: its writes go through `trx`; what they tell the world goes through `afterCommit`. */
export type TransactionWork<T> = (trx: Kysely<Database>, afterCommit: AfterCommit) => Promise<T>;

/** Runs a unit of work in one database transaction (docs/decisions/0008 "One unit of work"). */
export type InTransaction = <T>(work: TransactionWork<T>) => Promise<T>;

/**
 * The one way a write runs: every row of a business event commits or none does, and its mail,
 * notices and events go out afterwards, in the order they were registered. An effect that fails
 * is logged and the others still run: the write it follows stands, and what the effect tells is
 * read again at the next page load (notices), delivery round (mail) or catalogue read (caches).
 */
export function unitOfWork(db: Kysely<Database>, log: Pick<Logger, 'error'>): InTransaction {
  return async function inTransaction<T>(work: TransactionWork<T>): Promise<T> {
    const effects: AfterCommitEffect[] = [];
    const result = await db.transaction().execute((trx) => work(trx, (effect) => effects.push(effect)));
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        log.error({ err: error }, 'an effect after a committed write failed; the write stands');
      }
    }
    return result;
  };
}
