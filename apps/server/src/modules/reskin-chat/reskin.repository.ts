import { RESKIN_OPENING_MESSAGE, type ReskinAuthor, type ReskinStatus } from '@market/contracts';
import type { ExpressionBuilder, Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ReskinConversationsTable, ReskinMessagesTable } from '../../db/schema.js';

export type ConversationRow = Selectable<ReskinConversationsTable>;
export type MessageRow = Selectable<ReskinMessagesTable>;

/** A conversation as the lists show it: who, which product, how many unread, which message last. */
export interface ConversationSummaryRow extends ConversationRow {
  user_name: string;
  user_email: string;
  product_title: string | null;
  thumbnail_key: string;
  unread_count: number;
  last_message_id: string | null;
}

/** The hidden opening 'Yes' is neither counted as unread nor shown as the last message. */
const visibleMessage = (eb: ExpressionBuilder<Database & { m: ReskinMessagesTable }, 'm'>) =>
  eb.not(eb.and([eb('m.message_by', '=', 'User'), eb('m.message', '=', RESKIN_OPENING_MESSAGE)]));

export class ReskinChatRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findConversation(userId: string, productId: string): Promise<ConversationRow | undefined> {
    return this.db
      .selectFrom('reskin_conversations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
  }

  /** Creates the conversation unless the same user and product already have one (two tabs at once); answers the stored one. */
  async findOrCreateConversation(row: Insertable<ReskinConversationsTable>): Promise<ConversationRow> {
    await this.db
      .insertInto('reskin_conversations')
      .values(row)
      .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doNothing())
      .execute();
    return (await this.findConversation(row.user_id, row.product_id))!;
  }

  async productStatus(productId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('products').select('status').where('id', '=', productId).executeTakeFirst();
    return row?.status;
  }

  /** Stores a message inside the caller's unit of work; answers its `seq`, the order the database wrote it in. */
  async addMessage(message: Insertable<ReskinMessagesTable>): Promise<number | string> {
    await this.db.insertInto('reskin_messages').values(message).execute();
    // Read back, not RETURNING: SQLite's RETURNING shows the row before the trigger numbered it.
    const { seq } = await this.db.selectFrom('reskin_messages').select('seq').where('id', '=', message.id).executeTakeFirstOrThrow();
    await this.db
      .updateTable('reskin_conversations')
      .set({ updated_at: message.created_at })
      .where('id', '=', message.conversation_id)
      .execute();
    return seq;
  }

  async setStatus(conversationId: string, status: ReskinStatus, at: string): Promise<void> {
    await this.db.updateTable('reskin_conversations').set({ status, updated_at: at }).where('id', '=', conversationId).execute();
  }

  /** Marks the messages written by `author` in the conversation read; answers how many changed. */
  async markRead(conversationId: string, author: ReskinAuthor): Promise<number> {
    const result = await this.db
      .updateTable('reskin_messages')
      .set({ is_read: 1 })
      .where('conversation_id', '=', conversationId)
      .where('message_by', '=', author)
      .where('is_read', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  messagesOf(conversationId: string): Promise<MessageRow[]> {
    return this.db
      .selectFrom('reskin_messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The messages written after `afterSeq` (the one user's, or everyone's for null), in written order. */
  messagesAfter(
    afterSeq: number,
    userId: string | null,
    limit: number,
  ): Promise<Array<{ seq: number | string; user_id: string; product_id: string }>> {
    return this.db
      .selectFrom('reskin_messages as m')
      .innerJoin('reskin_conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.seq', 'c.user_id', 'c.product_id'])
      .where('m.seq', '>', afterSeq)
      .$if(userId !== null, (query) => query.where('c.user_id', '=', userId!))
      .orderBy('m.seq')
      .limit(limit)
      .execute();
  }

  async messageWithConversation(messageId: string): Promise<{ message: MessageRow; conversation: ConversationRow } | undefined> {
    const message = await this.db.selectFrom('reskin_messages').selectAll().where('id', '=', messageId).executeTakeFirst();
    if (!message) return undefined;
    const conversation = await this.db
      .selectFrom('reskin_conversations')
      .selectAll()
      .where('id', '=', message.conversation_id)
      .executeTakeFirstOrThrow();
    return { message, conversation };
  }

  messagesById(ids: string[]): Promise<MessageRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('reskin_messages').selectAll().where('id', 'in', ids).execute();
  }

  /** Conversations, most recently active first; `unreadFrom` is the side whose unread messages are counted. */
  summaries(filter: { userId?: string; conversationId?: string }, unreadFrom: ReskinAuthor): Promise<ConversationSummaryRow[]> {
    let query = this.db
      .selectFrom('reskin_conversations as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .leftJoin('product_translations as t', (join) => join.onRef('t.product_id', '=', 'p.id').on('t.language', '=', 'en'))
      .selectAll('c')
      .select((eb) => [
        'u.name as user_name',
        'u.email as user_email',
        't.title as product_title',
        'p.thumbnail_key',
        eb
          .selectFrom('reskin_messages as m')
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.message_by', '=', unreadFrom)
          .where('m.is_read', '=', 0)
          .where(visibleMessage)
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .as('unread_count'),
        eb
          .selectFrom('reskin_messages as m')
          .whereRef('m.conversation_id', '=', 'c.id')
          .where(visibleMessage)
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(1)
          .select('m.id')
          .as('last_message_id'),
      ])
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id');
    if (filter.userId) query = query.where('c.user_id', '=', filter.userId);
    if (filter.conversationId) query = query.where('c.id', '=', filter.conversationId);
    return query.execute() as Promise<ConversationSummaryRow[]>;
  }
}
