import type { Kysely, Selectable } from 'kysely';
import type { Database, PasswordResetsTable } from '../../db/schema.js';

export type PasswordResetRow = Selectable<PasswordResetsTable>;

/** SQL of password reset tokens. Times are ISO strings of one format, so text order is time order. */
export class PasswordResetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** In one transaction: the reset token (none for an address without an account) and what the caller stores with it (the mail). */
  async store(row: PasswordResetRow | null, alongside: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (row) await trx.insertInto('password_resets').values(row).execute();
      await alongside(trx);
    });
  }

  /** The user a live (unused, unexpired) token belongs to, or nothing. */
  findLiveUser(tokenHash: string, nowIso: string) {
    return this.db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select(['users.id', 'users.name', 'users.email'])
      .where('password_resets.token_hash', '=', tokenHash)
      .where('password_resets.used_at', 'is', null)
      .where('password_resets.expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  /**
   * In one transaction: marks the token used only if it is still live (a conditional UPDATE, so of
   * two concurrent resets exactly one wins), sets the user's new password and ends every session
   * of that user. Returns the user's id, or null when the token was not live.
   */
  consume(tokenHash: string, nowIso: string, passwordHash: string): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: nowIso })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .returning('user_id')
        .executeTakeFirst();
      if (!used) return null;
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', used.user_id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
      return used.user_id;
    });
  }
}
