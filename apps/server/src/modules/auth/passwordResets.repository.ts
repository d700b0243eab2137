import type { Kysely, Selectable } from 'kysely';
import type { Database, PasswordResetsTable } from '../../db/schema.js';

export type PasswordResetRow = Selectable<PasswordResetsTable>;

/** SQL of password reset tokens. Times are ISO strings of one format, so text order is time order. */
export class PasswordResetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async store(row: PasswordResetRow): Promise<void> {
    await this.db.insertInto('password_resets').values(row).execute();
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
   * Inside the caller's unit of work: marks the token used only if it is still live (a conditional
   * UPDATE, so of two concurrent resets exactly one wins), sets the user's new password and ends
   * every session of that user. Returns the user's id, or null when the token was not live.
   */
  async consume(tokenHash: string, nowIso: string, passwordHash: string): Promise<string | null> {
    const used = await this.db
      .updateTable('password_resets')
      .set({ used_at: nowIso })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .returning('user_id')
      .executeTakeFirst();
    if (!used) return null;
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', used.user_id).execute();
    await this.db.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
    return used.user_id;
  }
}
