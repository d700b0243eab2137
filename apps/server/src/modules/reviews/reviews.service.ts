import {
  ALREADY_REVIEWED_MESSAGE,
  ONLY_BUYERS_MAY_REVIEW_MESSAGE,
  ONLY_HOLDERS_MAY_EDIT_REVIEW_MESSAGE,
  REVIEW_NOT_FOUND_MESSAGE,
  REVIEWS_PAGE_SIZE,
  type ApiV1Review,
  type ApiV1ReviewPage,
  type CursorQuery,
  productPagePath,
  titleToSlug,
  type Review,
  type ReviewPage,
  type SessionUser,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import { type InTransaction, isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { LicencesService } from '../licences/index.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { decodeCursor, pageOf } from '../../platform/cursor.js';
import { tokenActor } from '../auth/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { WebhookEvents } from '../webhooks/index.js';
import { moderatesReviews, repliesToReview, seesHiddenReview, writesReview } from './policies.js';
import { type ReviewChanges, ReviewsRepository, type ReviewWithPeopleRow } from './reviews.repository.js';

type Notices = Pick<NotificationsService, 'queue'>;

/** A notice's excerpt of a review: its first 140 characters on one line. */
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
};

export interface ReviewsServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  notifications: Notices;
  catalogue: Pick<CatalogueService, 'changed'>;
  /** The "bought it" rule: an active licence of the product. */
  licences: Pick<LicencesService, 'holds'>;
  clock: Clock;
  /** The seller's endpoints hear of each new review (docs/decisions/0015). */
  webhooks: WebhookEvents;
}

/** Verified-buyer reviews: written by holders of an active licence, answered by the seller, hidden by admins. */
export class ReviewsService {
  private readonly reviews: ReviewsRepository;
  private readonly inTransaction: InTransaction;
  private readonly notifications: Notices;
  private readonly catalogue: Pick<CatalogueService, 'changed'>;
  private readonly licences: Pick<LicencesService, 'holds'>;
  private readonly clock: Clock;
  private readonly webhooks: WebhookEvents;

  constructor({ db, inTransaction, notifications, catalogue, licences, clock, webhooks }: ReviewsServiceDependencies) {
    this.reviews = new ReviewsRepository(db);
    this.inTransaction = inTransaction;
    this.licences = licences;
    this.notifications = notifications;
    this.catalogue = catalogue;
    this.clock = clock;
    this.webhooks = webhooks;
  }

  /**
   * A product's visible reviews (every one, hidden ones marked, for an admin), newest first, with the
   * count and average of all visible ones, and what the viewer may do: their own review, whether they
   * may write one, reply, or hide and show reviews.
   */
  async ofProduct(viewer: SessionUser | null, productId: string, page: number): Promise<ReviewPage> {
    const product = await this.reviews.productOf(productId);
    if (!product) throw notFound('Product not found');
    const moderates = viewer !== null && moderatesReviews(viewer);
    const [rows, summary, yours, holds] = await Promise.all([
      this.reviews.pageOf(productId, (page - 1) * REVIEWS_PAGE_SIZE, REVIEWS_PAGE_SIZE, moderates),
      this.reviews.summaryOf(productId),
      viewer ? this.reviews.findByAuthor(productId, viewer._id) : undefined,
      viewer ? this.licences.holds(viewer._id, productId) : false,
    ]);
    return {
      yours: yours ? reviewView(yours) : null,
      canReview: holds && !yours,
      youSell: viewer?._id === product.user_id,
      moderates,
      reviews: rows.slice(0, REVIEWS_PAGE_SIZE).map(reviewView),
      average: summary.mean === null ? null : Math.round(summary.mean * 10) / 10,
      count: summary.count,
      page,
      hasMore: rows.length > REVIEWS_PAGE_SIZE,
    };
  }

  async add(actor: SessionUser, productId: string, rating: number, text: string): Promise<Review> {
    const product = await this.reviews.productOf(productId);
    if (!product) throw notFound('Product not found');
    if (!(await this.licences.holds(actor._id, productId))) throw forbidden(ONLY_BUYERS_MAY_REVIEW_MESSAGE);
    const now = this.clock.now().toISOString();
    const id = newId();
    const title = product.title ?? 'your product';
    try {
      await this.inTransaction(async (trx, afterCommit) => {
        await new ReviewsRepository(trx).insert({
          id,
          product_id: productId,
          buyer_id: actor._id,
          rating,
          text,
          created_at: now,
          updated_at: now,
          reply_text: null,
          replied_at: null,
          hidden_at: null,
          hidden_by: null,
          hidden_reason: null,
        });
        await this.notifications.queue(trx, afterCommit, [
          {
            userId: product.user_id,
            notice: {
              kind: 'review',
              title: `New ${rating}-star review of ${title}`,
              body: `${actor.name}: ${excerpt(text)}`,
              link: productPagePath(titleToSlug(title)),
            },
          },
        ]);
        await this.webhooks.emit(trx, afterCommit, product.user_id, 'review.created', { reviewId: id, productId, rating, createdAt: now });
        afterCommit(() => this.catalogue.changed());
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ALREADY_REVIEWED_MESSAGE);
      throw error;
    }
    return reviewView((await this.reviews.findById(id))!);
  }

  async edit(actor: SessionUser, id: string, changes: { rating?: number; text?: string }): Promise<Review> {
    const review = await this.visibleTo(actor, id);
    if (!writesReview(actor, review)) throw forbidden('Only its author can edit a review');
    // A refunded or revoked buyer may not write a review, so may not rewrite one either.
    if (!review.reviewer_holds_licence) throw forbidden(ONLY_HOLDERS_MAY_EDIT_REVIEW_MESSAGE);
    return this.change(review, { ...changes, updated_at: this.clock.now().toISOString() });
  }

  /** The owner's answer; the first one tells the reviewer, a correction does not. */
  async reply(actor: SessionUser, id: string, text: string): Promise<Review> {
    const review = await this.visibleTo(actor, id);
    if (!repliesToReview(actor, review)) throw forbidden("Only the product's seller can reply to its reviews");
    const first = review.reply_text === null;
    const title = review.product_title ?? 'a product';
    const notices = first
      ? [
          {
            userId: review.buyer_id,
            notice: {
              kind: 'review' as const,
              title: `The seller replied to your review of ${title}`,
              body: excerpt(text),
              link: productPagePath(titleToSlug(title)),
            },
          },
        ]
      : [];
    return this.change(review, { reply_text: text, replied_at: this.clock.now().toISOString() }, notices);
  }

  /** GET /api/v1/reviews: the visible reviews of the token owner's products, newest first, cursor-paged (docs/decisions/0014). */
  async ofTokenOwner(sellerId: string, { limit, cursor }: CursorQuery): Promise<ApiV1ReviewPage> {
    const rows = await this.reviews.ofSellerPage(sellerId, decodeCursor(cursor), limit + 1);
    const page = pageOf(rows, limit, (row) => ({ at: row.created_at, id: row.id }));
    return { data: page.rows.map(apiV1ReviewView), nextCursor: page.nextCursor };
  }

  /**
   * POST /api/v1/reviews/{id}/reply: the site's reply, its rules and its notice, made as the token's
   * owner. A review of another seller's product answers 404 rather than the site's 403, so a token
   * tells nothing of other sellers (docs/decisions/0014); a hidden one is unknown to its seller anyway.
   */
  async replyByTokenOwner(sellerId: string, id: string, text: string): Promise<ApiV1Review> {
    const review = await this.reviews.findById(id);
    if (!review || review.seller_id !== sellerId) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
    await this.reply(tokenActor(sellerId), id, text);
    return apiV1ReviewView((await this.reviews.findById(id))!);
  }

  async hide(actor: SessionUser, id: string, reason: string): Promise<Review> {
    if (!moderatesReviews(actor)) throw forbidden('Only an admin can hide a review');
    const review = await this.found(id);
    return this.change(review, { hidden_at: this.clock.now().toISOString(), hidden_by: actor._id, hidden_reason: reason });
  }

  async unhide(actor: SessionUser, id: string): Promise<Review> {
    if (!moderatesReviews(actor)) throw forbidden('Only an admin can show a hidden review again');
    const review = await this.found(id);
    return this.change(review, { hidden_at: null, hidden_by: null, hidden_reason: null });
  }

  private async change(review: ReviewWithPeopleRow, changes: ReviewChanges, notices: Parameters<Notices['queue']>[2] = []) {
    await this.inTransaction(async (trx, afterCommit) => {
      await new ReviewsRepository(trx).update(review.id, review.product_id, changes);
      await this.notifications.queue(trx, afterCommit, notices);
      // Cards and product pages show the average.
      afterCommit(() => this.catalogue.changed());
    });
    return reviewView((await this.reviews.findById(review.id))!);
  }

  private async found(id: string): Promise<ReviewWithPeopleRow> {
    const review = await this.reviews.findById(id);
    if (!review) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
    return review;
  }

  /** A hidden review is unknown to everyone but its author and admins. */
  private async visibleTo(actor: SessionUser, id: string): Promise<ReviewWithPeopleRow> {
    const review = await this.found(id);
    if (review.hidden_at !== null && !seesHiddenReview(actor, review)) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
    return review;
  }
}

function reviewView(row: ReviewWithPeopleRow): Review {
  return {
    _id: row.id,
    productId: row.product_id,
    rating: Number(row.rating),
    text: row.text,
    reviewer: { name: row.reviewer_name },
    verified: Boolean(row.reviewer_holds_licence),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    reply: row.reply_text !== null && row.replied_at !== null ? { text: row.reply_text, repliedAt: row.replied_at } : null,
    hidden: row.hidden_at !== null,
    hiddenReason: row.hidden_reason,
  };
}

function apiV1ReviewView(row: ReviewWithPeopleRow): ApiV1Review {
  return {
    id: row.id,
    productId: row.product_id,
    productTitle: row.product_title ?? '',
    rating: Number(row.rating),
    text: row.text,
    reviewerName: row.reviewer_name,
    verified: Boolean(row.reviewer_holds_licence),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    reply: row.reply_text !== null && row.replied_at !== null ? { text: row.reply_text, repliedAt: row.replied_at } : null,
  };
}
