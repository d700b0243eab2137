import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = UserRow;

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByEmailKey(emailKey: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async changeEmail(id: string, email: string, key: string): Promise<void> {
    await this.db.updateTable('users').set({ email, email_key: key }).where('id', '=', id).execute();
  }

  async changePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  async insert(user: NewUserRow): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  /** Inserts the user, or, when the email is taken (a twin instance got there first), gives it these credentials. */
  async upsertCredentials(user: NewUserRow): Promise<void> {
    await this.db
      .insertInto('users')
      .values(user)
      .onConflict((conflict) =>
        conflict.column('email_key').doUpdateSet({ name: user.name, password_hash: user.password_hash, role: user.role }),
      )
      .execute();
  }

  listAll() {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'number', 'role', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
