import type { AddCommentBody, AdminComment, PublicComment, SessionUser } from '@market/contracts';
import type { Clock } from '../../platform/clock.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type CommentRow, CommentsRepository, type CommentWithProductRow } from './comments.repository.js';
import { canReadEveryComment } from './policies.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface CommentsServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * Comments are plain text: stored as typed and always sent as JSON strings, so markup in a
 * comment reaches the page as text (React escapes it), never as HTML.
 */
export class CommentsService {
  private readonly comments: CommentsRepository;
  private readonly clock: Clock;

  constructor({ db, clock }: CommentsServiceDependencies) {
    this.comments = new CommentsRepository(db);
    this.clock = clock;
  }

  async add(body: AddCommentBody): Promise<PublicComment> {
    const status = await this.comments.productStatus(body.productId);
    if (status === null) throw notFound('Product not found');
    if (status !== 'Approved') throw badRequest('Comments are open on approved products only');
    const row: CommentRow = {
      id: newId(),
      product_id: body.productId,
      name: body.name,
      email: body.email,
      comment: body.comment,
      created_at: this.clock.now().toISOString(),
    };
    await this.comments.insert(row);
    return toPublic(row);
  }

  /** An admin reads every comment with emails; anybody else one approved product's comments, without emails. */
  async list(viewer: SessionUser | null, productId: string | undefined): Promise<AdminComment[] | PublicComment[]> {
    if (canReadEveryComment(viewer)) return (await this.comments.listWithProducts(productId)).map(toAdmin);
    if (productId === undefined) {
      if (!viewer) throw unauthorized('Please sign in first, or choose a product');
      throw forbidden('Only an admin can read every comment; choose a product');
    }
    if ((await this.comments.productStatus(productId)) !== 'Approved') throw notFound('Product not found');
    return (await this.comments.listForProduct(productId)).map(toPublic);
  }
}

function toPublic(row: CommentRow): PublicComment {
  return { _id: row.id, productId: row.product_id ?? '', name: row.name, comment: row.comment, createdAt: row.created_at };
}

function toAdmin(row: CommentWithProductRow): AdminComment {
  return { ...toPublic(row), email: row.email, productTitle: row.product_title ?? '' };
}
