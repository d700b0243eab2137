import type { Readable } from 'node:stream';
import {
  API_PATHS,
  apiPath,
  reskinSendSchema,
  type ReskinAuthor,
  type ReskinConversation,
  type ReskinConversationKey,
  type ReskinEvent,
  type ReskinMessage,
  type ReskinStatus,
  type ReskinThread,
  type SessionUser,
} from '@market/contracts';
import { parseFormFields } from '../../http/form-fields.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus, Unsubscribe } from '../../platform/events/index.js';
import { formatCursor, parseCursor } from '../../platform/events/cursor.js';
import { newId } from '../../platform/ids.js';
import type { FileStorage } from '../../platform/storage/index.js';
import { ATTACHMENT_CONTENT_TYPES, type AttachmentKind, type ChatSendRequest } from './attachment.js';
import { type ConversationRow, type ConversationSummaryRow, type MessageRow, ReskinChatRepository } from './reskin.repository.js';
import { answersChats, canSee, sideOf } from './policies.js';
import type { Kysely } from 'kysely';
import type { InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

const otherSide = (side: ReskinAuthor): ReskinAuthor => (side === 'Admin' ? 'User' : 'Admin');

/** Event topics: every admin hears every conversation, a user only their own. */
const ADMINS_TOPIC = 'reskin.admins';
const userTopic = (userId: string) => `reskin.user.${userId}`;

const closedChat = () => forbidden('This chat is closed');

/** A new message's event carries the message's cursor: the stream's event id, from which a stream catches up. */
type Announced = ReskinEvent & { cursor?: string };

/**
 * How many rows before its last event an open stream reads again when the bus comes back: a row
 * numbered earlier may commit later (PostgreSQL hands out numbers before commit). Sent ones are dropped.
 */
const REREAD_ROWS = 100;

/** Messages one catch-up sends at most; a browser away longer reloads the lists anyway when it reconnects. */
const CATCH_UP_LIMIT = 1_000;

export interface ReskinChatServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  storage: FileStorage;
  events: EventBus;
  clock: Clock;
}

/** Rules of the reskin chat (docs/product-spec.md §2.11, 4): who may write, read, mark read and open or close, and who hears of it. */
export class ReskinChatService {
  private readonly chats: ReskinChatRepository;
  private readonly inTransaction: InTransaction;
  private readonly storage: FileStorage;
  private readonly events: EventBus;
  private readonly clock: Clock;

  constructor({ db, inTransaction, storage, events, clock }: ReskinChatServiceDependencies) {
    this.chats = new ReskinChatRepository(db);
    this.inTransaction = inTransaction;
    this.storage = storage;
    this.events = events;
    this.clock = clock;
  }

  async send(actor: SessionUser, request: ChatSendRequest): Promise<ReskinMessage> {
    const { productId, userId, message } = parseFormFields(reskinSendSchema, request.fields);
    if (message.length === 0 && !request.file) throw badRequest('Write a message or attach a file');

    const side = sideOf(actor);
    const conversation =
      side === 'Admin' ? await this.answeredConversation(userId, productId) : await this.ownConversation(actor, userId, productId);
    // An admin may still write into a closed chat; the user may not (docs/product-spec.md §4).
    if (side === 'User' && conversation.status === 'Close') throw closedChat();

    const stored = request.file ? await this.storage.put('private', request.file.bytes, request.file.kind) : null;
    const row: Omit<MessageRow, 'seq'> = {
      id: newId(),
      conversation_id: conversation.id,
      message_by: side,
      message,
      file_key: stored?.key ?? null,
      file_name: request.file?.displayName ?? null,
      is_read: 0,
      created_at: this.clock.now().toISOString(),
    };
    try {
      await this.inTransaction(async (trx, afterCommit) => {
        const seq = await new ReskinChatRepository(trx).addMessage(row);
        afterCommit(() => this.announce('message', conversation, formatCursor(seq)));
      });
    } catch (error) {
      if (stored) await this.storage.delete('private', stored.key);
      throw error;
    }
    return messageView(row, conversation);
  }

  /** GET allReskinUsers: every conversation, for the admins. */
  async allConversations(actor: SessionUser): Promise<ReskinConversation[]> {
    if (!answersChats(actor)) throw forbidden('Only an admin can see every chat');
    return this.summaries({}, 'User');
  }

  /** The signed-in user's own conversations. */
  async myConversations(actor: SessionUser): Promise<ReskinConversation[]> {
    return this.summaries({ userId: actor._id }, 'Admin');
  }

  async thread(actor: SessionUser, query: { productId: string; userId?: string }): Promise<ReskinThread> {
    // A user may leave out their own id; an admin names the user.
    const conversation = await this.visibleConversation(actor, {
      productId: query.productId,
      userId: query.userId ?? (answersChats(actor) ? undefined : actor._id),
    });
    const [summary] = await this.summaries({ conversationId: conversation.id }, otherSide(sideOf(actor)));
    const messages = await this.chats.messagesOf(conversation.id);
    return { conversation: summary!, messages: messages.map((row) => messageView(row, conversation)) };
  }

  /**
   * Marks the messages `author` wrote read; only the other side may do that, as it opens the chat
   * (markAdminMessagesAsRead is the user's call, markUserMessagesAsRead an admin's).
   */
  async markRead(actor: SessionUser, key: ReskinConversationKey, author: ReskinAuthor): Promise<number> {
    if (sideOf(actor) === author)
      throw forbidden(
        author === 'Admin' ? "Only the chat's user can mark the admin's messages read" : "Only an admin can mark the user's messages read",
      );
    const conversation = await this.visibleConversation(actor, key);
    const updated = await this.chats.markRead(conversation.id, author);
    if (updated > 0) await this.announce('read', conversation);
    return updated;
  }

  /** updateStatus: Open ⇄ Close, by an admin. */
  async toggleStatus(actor: SessionUser, key: ReskinConversationKey): Promise<ReskinConversation> {
    if (!answersChats(actor)) throw forbidden('Only an admin can open or close a chat');
    const conversation = await this.visibleConversation(actor, key);
    const status: ReskinStatus = conversation.status === 'Open' ? 'Close' : 'Open';
    await this.chats.setStatus(conversation.id, status, this.clock.now().toISOString());
    await this.announce('status', conversation);
    const [summary] = await this.summaries({ conversationId: conversation.id }, 'User');
    return summary!;
  }

  /** An attachment's bytes, for the conversation's user and the admins only. */
  async attachment(actor: SessionUser, messageId: string): Promise<{ stream: Readable; contentType: string; fileName: string }> {
    const found = await this.chats.messageWithConversation(messageId);
    if (!found?.message.file_key) throw notFound('File not found');
    if (!canSee(actor, found.conversation)) throw forbidden('This file belongs to another chat');
    const kind = found.message.file_key.split('.').pop() as AttachmentKind;
    return {
      stream: await this.storage.get('private', found.message.file_key),
      contentType: ATTACHMENT_CONTENT_TYPES[kind] ?? 'application/octet-stream',
      fileName: found.message.file_name ?? `attachment.${kind}`,
    };
  }

  /** Calls `listener` with every change of a conversation the actor may see, on whichever instance it happens. */
  follow(
    actor: SessionUser,
    listener: (event: ReskinEvent, cursor: string | undefined) => void,
    missedSome: () => void,
  ): Promise<Unsubscribe> {
    const stopHearing = this.events.onReconnect(missedSome);
    const subscribed = this.events.subscribe(answersChats(actor) ? ADMINS_TOPIC : userTopic(actor._id), (payload) => {
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
   * The message events the actor may see stored after `lastCursor` (as sent in a stream), oldest
   * first; `rereading` (the stream drops what it sent already) also the REREAD_ROWS before it.
   */
  async missedAfter(actor: SessionUser, lastCursor: string, rereading = false): Promise<Array<{ event: ReskinEvent; cursor: string }>> {
    const cursor = parseCursor(lastCursor);
    if (cursor === null) return [];
    const after = rereading ? Math.max(0, cursor - REREAD_ROWS) : cursor;
    const rows = await this.chats.messagesAfter(after, answersChats(actor) ? null : actor._id, CATCH_UP_LIMIT);
    return rows.map((row) => ({
      event: { kind: 'message', userId: row.user_id, productId: row.product_id },
      cursor: formatCursor(row.seq),
    }));
  }

  private async announce(kind: ReskinEvent['kind'], conversation: ConversationRow, cursor?: string): Promise<void> {
    const event: Announced = { kind, userId: conversation.user_id, productId: conversation.product_id, ...(cursor ? { cursor } : {}) };
    await Promise.all([this.events.publish(ADMINS_TOPIC, event), this.events.publish(userTopic(conversation.user_id), event)]);
  }

  /** A user writes in their own conversation, started by the first message on an approved product. */
  private async ownConversation(actor: SessionUser, userId: string | undefined, productId: string): Promise<ConversationRow> {
    if (userId !== undefined && userId !== actor._id) throw forbidden('You can only write in your own chat');
    const existing = await this.chats.findConversation(actor._id, productId);
    if (existing) return existing;
    if ((await this.chats.productStatus(productId)) !== 'Approved') throw notFound('Product not found');
    const now = this.clock.now().toISOString();
    return this.chats.findOrCreateConversation({
      id: newId(),
      user_id: actor._id,
      product_id: productId,
      status: 'Open',
      created_at: now,
      updated_at: now,
    });
  }

  /** An admin answers a conversation a user started. */
  private async answeredConversation(userId: string | undefined, productId: string): Promise<ConversationRow> {
    if (!userId) throw badRequest('Choose the user whose chat you answer (userId)');
    const conversation = await this.chats.findConversation(userId, productId);
    if (!conversation) throw notFound('This user has not started a chat about this product');
    return conversation;
  }

  private async visibleConversation(actor: SessionUser, key: { userId: string | undefined; productId: string }): Promise<ConversationRow> {
    if (!key.userId) throw badRequest('Choose the user (userId)');
    if (!answersChats(actor) && key.userId !== actor._id) throw forbidden('This chat belongs to another user');
    const conversation = await this.chats.findConversation(key.userId, key.productId);
    if (!conversation) throw notFound('No chat yet');
    if (!canSee(actor, conversation)) throw forbidden('This chat belongs to another user');
    return conversation;
  }

  private async summaries(filter: { userId?: string; conversationId?: string }, unreadFrom: ReskinAuthor): Promise<ReskinConversation[]> {
    const rows = await this.chats.summaries(filter, unreadFrom);
    const lastIds = rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : []));
    const lastMessages = new Map((await this.chats.messagesById(lastIds)).map((row) => [row.id, row]));
    return rows.map((row) => conversationView(row, row.last_message_id ? lastMessages.get(row.last_message_id) : undefined));
  }
}

function messageView(row: Omit<MessageRow, 'seq'>, conversation: ConversationRow): ReskinMessage {
  return {
    _id: row.id,
    userId: conversation.user_id,
    productId: conversation.product_id,
    message: row.message,
    messageBy: row.message_by as ReskinAuthor,
    fileUpload: row.file_key ? apiPath(API_PATHS.reskin.attachment, { id: row.id }) : null,
    fileName: row.file_key ? row.file_name : null,
    isRead: row.is_read === 1,
    status: conversation.status as ReskinStatus,
    createdAt: row.created_at,
  };
}

function conversationView(row: ConversationSummaryRow, last: MessageRow | undefined): ReskinConversation {
  return {
    _id: row.id,
    userId: row.user_id,
    productId: row.product_id,
    user: { _id: row.user_id, name: row.user_name, email: row.user_email },
    product: { _id: row.product_id, title: row.product_title ?? '', thumbnail: apiPath(API_PATHS.files.image, { key: row.thumbnail_key }) },
    status: row.status as ReskinStatus,
    unreadCount: Number(row.unread_count),
    lastMessage: last
      ? { message: last.message, messageBy: last.message_by as ReskinAuthor, hasFile: last.file_key !== null, createdAt: last.created_at }
      : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
