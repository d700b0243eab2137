import type { Insertable, Kysely } from 'kysely';
import type { Database, PasskeyChallengesTable, PasskeysTable } from '../../db/schema.js';

export type PasskeyRow = PasskeysTable;

export class PasskeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listOf(userId: string): Promise<PasskeyRow[]> {
    return this.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  }

  findOwned(userId: string, id: string): Promise<PasskeyRow | undefined> {
    return this.db.selectFrom('passkeys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    return this.db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  }

  async insert(row: PasskeyRow): Promise<void> {
    await this.db.insertInto('passkeys').values(row).execute();
  }

  async rename(userId: string, id: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Stores a use only if the counter is still the one the assertion was checked against. */
  async recordUse(id: string, seenCounter: number, newCounter: number, usedAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ counter: newCounter, last_used_at: usedAt })
      .where('id', '=', id)
      .where('counter', '=', seenCounter)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async insertChallenge(row: Insertable<PasskeyChallengesTable>): Promise<void> {
    await this.db.insertInto('passkey_challenges').values(row).execute();
  }

  /** Deletes the live challenge that matches, and says whether there was one: whoever deletes it first uses it. */
  async consumeChallenge(match: {
    purpose: PasskeyChallengesTable['purpose'];
    challenge: string;
    userId?: string;
    id?: string;
    nowIso: string;
  }): Promise<boolean> {
    let query = this.db
      .deleteFrom('passkey_challenges')
      .where('purpose', '=', match.purpose)
      .where('challenge', '=', match.challenge)
      .where('expires_at', '>', match.nowIso);
    if (match.userId !== undefined) query = query.where('user_id', '=', match.userId);
    if (match.id !== undefined) query = query.where('id', '=', match.id);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async deleteExpiredChallenges(nowIso: string): Promise<void> {
    await this.db.deleteFrom('passkey_challenges').where('expires_at', '<=', nowIso).execute();
  }
}
