import type { ReskinAuthor, SessionUser } from '@market/contracts';
import { isAdmin } from '../auth/index.js';
import type { ConversationRow } from './reskin.repository.js';

/** Who may do what in reskin chats, as one-liners the service calls before it acts. */
export const answersChats = (actor: SessionUser) => isAdmin(actor);
export const canSee = (actor: SessionUser, conversation: ConversationRow) => answersChats(actor) || actor._id === conversation.user_id;
/** The two sides of a conversation: its user and the admins. */
export const sideOf = (actor: SessionUser): ReskinAuthor => (answersChats(actor) ? 'Admin' : 'User');
