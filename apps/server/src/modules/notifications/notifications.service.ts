import {
  NOTIFICATIONS_PAGE_SIZE,
  type MarkReadBody,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type SessionUser,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { AfterCommit } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus, Unsubscribe } from '../../platform/events/index.js';
import { formatCursor, parseCursor } from '../../platform/events/cursor.js';
import { newId } from '../../platform/ids.js';
import { type NewNotificationRow, type NotificationRow, NotificationsRepository } from './notifications.repository.js';

/** What a notice says; who gets it and when is the caller's. */
export interface Notice {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/** The event of a user's topic: their notices changed, so a bell shows the new count. */
export interface NotificationsChanged {
  unread: number;
}

/** On the bus the user's newest notice's cursor travels along: the stream's event id. */
type Announced = NotificationsChanged & { cursor?: string };

const topicOf = (userId: string) => `notifications:${userId}`;

export interface NotificationsServiceDependencies {
  db: Kysely<Database>;
  events: EventBus;
  clock: Clock;
}

/**
 * The notification centre: notices stored per user, read through the header's bell and
 * the notifications page, and announced over the event bus so an open page updates without a
 * reload. Storing comes first; an announcement is best effort (a missed one shows at the next read).
 */
export class NotificationsService {
  private readonly notifications: NotificationsRepository;
  private readonly events: EventBus;
  private readonly clock: Clock;

  constructor({ db, events, clock }: NotificationsServiceDependencies) {
    this.notifications = new NotificationsRepository(db);
    this.events = events;
    this.clock = clock;
  }

  /** Stores notices in the caller's unit of work; each user's open pages hear of them once it has committed. */
  async queue(trx: Kysely<Database>, afterCommit: AfterCommit, notices: ReadonlyArray<{ userId: string; notice: Notice }>): Promise<void> {
    if (notices.length === 0) return;
    await this.notifications.insertMany(this.rowsFor(notices), trx);
    afterCommit(() => this.announce(notices.map(({ userId }) => userId)));
  }

  private rowsFor(notices: ReadonlyArray<{ userId: string; notice: Notice }>): NewNotificationRow[] {
    const createdAt = this.clock.now().toISOString();
    return notices.map(({ userId, notice }) => ({ id: newId(), user_id: userId, ...notice, created_at: createdAt, read_at: null }));
  }

  /** Tells each user's open pages that their notices changed. */
  async announce(userIds: readonly string[]): Promise<void> {
    const users = [...new Set(userIds)];
    const [counts, newest] = await Promise.all([this.notifications.unreadCounts(users), this.notifications.newestSeqs(users)]);
    await Promise.all(
      users.map((userId) => {
        const seq = newest.get(userId);
        const cursor = seq === undefined ? undefined : formatCursor(seq);
        return this.events.publish(topicOf(userId), { unread: counts.get(userId) ?? 0, ...(cursor ? { cursor } : {}) } satisfies Announced);
      }),
    );
  }

  async mine(actor: SessionUser, page: number): Promise<NotificationPage> {
    const rows = await this.notifications.pageOf(actor._id, (page - 1) * NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE);
    return {
      notifications: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map(notificationView),
      unread: await this.notifications.unreadCount(actor._id),
      page,
      hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE,
    };
  }

  /** Marks the actor's own notices read; answers how many stay unread. */
  async markRead(actor: SessionUser, body: MarkReadBody): Promise<number> {
    await this.notifications.markRead(actor._id, 'all' in body ? 'all' : body.ids, this.clock.now().toISOString());
    await this.announce([actor._id]);
    return this.notifications.unreadCount(actor._id);
  }

  /** Follows the actor's own notices (their other tabs, and notices from other instances). */
  follow(
    actor: SessionUser,
    listener: (event: NotificationsChanged, cursor: string | undefined) => void,
    missedSome: () => void,
  ): Promise<Unsubscribe> {
    const stopHearing = this.events.onReconnect(missedSome);
    const subscribed = this.events.subscribe(topicOf(actor._id), (payload) => {
      const { cursor, ...event } = payload as Announced;
      listener(event, cursor);
    });
    return subscribed.then(
      (unsubscribe) => async () => {
        stopHearing();
        await unsubscribe();
      },
      (error: unknown) => {
        stopHearing();
        throw error;
      },
    );
  }

  /**
   * What a stream that last got `lastCursor` missed: the event is the unread count, so one event with
   * today's count and newest notice stands for all the notices stored since; none when nothing is newer.
   * `rereading` (the stream drops an event it sent already) answers today's count in any case: a
   * notice numbered before the cursor may have committed after it.
   */
  async missedAfter(
    actor: SessionUser,
    lastCursor: string,
    rereading = false,
  ): Promise<Array<{ event: NotificationsChanged; cursor: string }>> {
    const last = parseCursor(lastCursor);
    if (last === null) return [];
    const newest = (await this.notifications.newestSeqs([actor._id])).get(actor._id);
    if (newest === undefined || (!rereading && Number(newest) <= last)) return [];
    return [{ event: { unread: await this.notifications.unreadCount(actor._id) }, cursor: formatCursor(newest) }];
  }
}

function notificationView(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}
