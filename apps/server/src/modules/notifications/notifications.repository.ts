import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.js';

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotificationRow = Insertable<NotificationsTable>;

/** Rows per INSERT (and users per count): well inside SQLite's and PostgreSQL's limits on bound values. */
const INSERT_BATCH = 500;

/** SQL of the notification centre. */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores notices, inside the caller's transaction when it passes one. */
  async insertMany(rows: readonly NewNotificationRow[], db: Kysely<Database> = this.db): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await db
        .insertInto('notifications')
        .values(rows.slice(start, start + INSERT_BATCH))
        .execute();
    }
  }

  /** One page of the user's notices, newest first, and one more row to tell whether another page follows. */
  pageOf(userId: string, offset: number, size: number): Promise<NotificationRow[]> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(size + 1)
      .execute();
  }

  async unreadCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Unread notices of each of these users (absent: none), counted a few hundred users at a time. */
  async unreadCounts(userIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (let start = 0; start < userIds.length; start += INSERT_BATCH) {
      const rows = await this.db
        .selectFrom('notifications')
        .select(['user_id', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
        .where('user_id', 'in', userIds.slice(start, start + INSERT_BATCH))
        .where('read_at', 'is', null)
        .groupBy('user_id')
        .execute();
      for (const row of rows) counts.set(row.user_id, Number(row.count));
    }
    return counts;
  }

  /** Each user's newest notice's `seq` (the order the database wrote it in); absent: none. */
  async newestSeqs(userIds: readonly string[]): Promise<Map<string, number | string>> {
    const newest = new Map<string, number | string>();
    for (let start = 0; start < userIds.length; start += INSERT_BATCH) {
      const rows = await this.db
        .selectFrom('notifications')
        .select((eb) => ['user_id', eb.fn.max('seq').as('seq')])
        .where('user_id', 'in', userIds.slice(start, start + INSERT_BATCH))
        .groupBy('user_id')
        .execute();
      for (const row of rows) if (row.seq !== null) newest.set(row.user_id, row.seq);
    }
    return newest;
  }

  /** Marks the user's own unread notices read: those named, or all of them; another user's ids change nothing. */
  async markRead(userId: string, ids: readonly string[] | 'all', readAt: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: readAt })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .$if(ids !== 'all', (query) => query.where('id', 'in', ids as string[]))
      .execute();
  }
}
