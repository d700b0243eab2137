import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PendingSignInsTable, RecoveryCodesTable, UserTotpTable } from '../../db/schema.js';

export type UserTotpRow = Selectable<UserTotpTable>;
export type PendingSignInRow = Selectable<PendingSignInsTable>;

/** The second factors' rows (docs/decisions/0016): TOTP secrets, recovery codes, pending sign-ins, known devices. */
export class TwoFactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findTotp(userId: string): Promise<UserTotpRow | undefined> {
    return this.db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** A new unconfirmed secret, replacing an earlier unconfirmed one; a confirmed secret is left alone. */
  async startTotp(row: Insertable<UserTotpTable>): Promise<void> {
    await this.db.deleteFrom('user_totp').where('user_id', '=', row.user_id).where('confirmed_at', 'is', null).execute();
    await this.db
      .insertInto('user_totp')
      .values(row)
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
  }

  async confirmTotp(userId: string, nowIso: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_totp')
      .set({ confirmed_at: nowIso, last_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes the time step for this code; false when it (or a later one) was used already, so a code works once. */
  async acceptStep(userId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteTotp(userId: string): Promise<void> {
    await this.db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }

  async replaceRecoveryCodes(userId: string, rows: Insertable<RecoveryCodesTable>[]): Promise<void> {
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await this.db.insertInto('recovery_codes').values(rows).execute();
  }

  /** Uses a recovery code up; false when it is unknown or was used (of two racing requests, one wins). */
  async useRecoveryCode(userId: string, codeHash: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: nowIso })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insertPending(row: Insertable<PendingSignInsTable>, nowIso: string): Promise<void> {
    await this.db.deleteFrom('pending_sign_ins').where('expires_at', '<=', nowIso).execute();
    await this.db.insertInto('pending_sign_ins').values(row).execute();
  }

  findPending(tokenHash: string, nowIso: string): Promise<PendingSignInRow | undefined> {
    return this.db
      .selectFrom('pending_sign_ins')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  /** Counts a wrong code against the pending sign-in; answers the count now stored. */
  async failPending(tokenHash: string): Promise<number> {
    await this.db
      .updateTable('pending_sign_ins')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .execute();
    const row = await this.db
      .selectFrom('pending_sign_ins')
      .select('failed_attempts')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row?.failed_attempts ?? Number.POSITIVE_INFINITY;
  }

  /** Ends a pending sign-in; false when another request ended it first, so one pending sign-in makes one session. */
  async deletePending(tokenHash: string): Promise<boolean> {
    const result = await this.db.deleteFrom('pending_sign_ins').where('token_hash', '=', tokenHash).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Records the device: 'known' (seen before), 'first' (the account's first: nothing to tell) or 'new' (worth a mail). */
  async rememberDevice(userId: string, deviceHash: string, nowIso: string): Promise<'known' | 'first' | 'new'> {
    const known = await this.db
      .selectFrom('sign_in_devices')
      .select('device_hash')
      .where('user_id', '=', userId)
      .where('device_hash', '=', deviceHash)
      .executeTakeFirst();
    if (known) return 'known';
    const any = await this.db.selectFrom('sign_in_devices').select('device_hash').where('user_id', '=', userId).executeTakeFirst();
    await this.db
      .insertInto('sign_in_devices')
      .values({ user_id: userId, device_hash: deviceHash, first_seen_at: nowIso })
      .onConflict((conflict) => conflict.columns(['user_id', 'device_hash']).doNothing())
      .execute();
    return any ? 'new' : 'first';
  }
}
