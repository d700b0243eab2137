import {
  DEFAULT_REJECT_REASON,
  type CheckedModerationDecisionBody,
  type ModerationLogEntry,
  type PendingChange,
  type ProductApprovalBody,
  PENDING_CHANGE_NOT_FOUND_MESSAGE,
  productTitle,
  type ProductForm,
  type SessionUser,
  STALE_CHANGE_MESSAGE,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { AfterCommit, InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { MailOutbox } from '../../platform/mail/index.js';
import type { FileStorage } from '../../platform/storage/index.js';
import { type CatalogueService, imageUrl, type ProductRow, RETIRED, titlesOf } from '../catalogue/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { type Decision, mailsTheSeller, moderationMail, moderationNotice } from './moderation-notices.js';
import { formOf, type HeldChange, type ProductsService } from '../products/index.js';
import type { ReleasesService } from '../releases/index.js';
import { ModerationRepository, type PendingChangeRow } from './moderation.repository.js';
import { changedFields, changedImages, imagesOfChange, screenshotsOfChange } from './pending-change.js';
import { canModerate } from './policies.js';

type SellerContact = { email: string; name: string };

export interface ModerationServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  /** The listing's writes: a decision's status, an approved change's fields. */
  products: Pick<ProductsService, 'setStatusIn' | 'applyChangeIn'>;
  /** A product's approval publishes the archive under review. */
  releases: Pick<ReleasesService, 'publishUnderReviewIn'>;
  catalogue: CatalogueService;
  storage: FileStorage;
  notifications: NotificationsService;
  mail: MailOutbox;
  clock: Clock;
  /** The site's address, for links in mails. */
  publicUrl: string;
}

/** A change is stale once the listing was written after it was sent, or left the store. */
const isStale = (change: PendingChangeRow, product: ProductRow) =>
  product.updated_at !== change.base_updated_at || product.status !== 'Approved';

/**
 * Moderation with reasons: an admin approves, rejects or asks for changes to a product,
 * and approves or rejects a seller's change to an approved one. Each decision is kept with who,
 * when and why; the seller's notice (and, when they must act, mail) is stored in the decision's
 * own transaction, so neither is kept without the other.
 */
export class ModerationService {
  private readonly moderation: ModerationRepository;
  private readonly inTransaction: InTransaction;
  private readonly products: Pick<ProductsService, 'setStatusIn' | 'applyChangeIn'>;
  private readonly releases: Pick<ReleasesService, 'publishUnderReviewIn'>;
  private readonly catalogue: CatalogueService;
  private readonly storage: FileStorage;
  private readonly notifications: NotificationsService;
  private readonly mail: MailOutbox;
  private readonly clock: Clock;
  private readonly publicUrl: string;

  constructor(dependencies: ModerationServiceDependencies) {
    this.moderation = new ModerationRepository(dependencies.db);
    this.inTransaction = dependencies.inTransaction;
    this.products = dependencies.products;
    this.releases = dependencies.releases;
    this.catalogue = dependencies.catalogue;
    this.storage = dependencies.storage;
    this.notifications = dependencies.notifications;
    this.mail = dependencies.mail;
    this.clock = dependencies.clock;
    this.publicUrl = dependencies.publicUrl;
  }

  /** Publishes the product with exactly the archive under review; `releaseId`, when given, must be that one (409). */
  approve(actor: SessionUser, id: string, body?: ProductApprovalBody | null): Promise<void> {
    return this.decide(actor, id, { action: 'Approved', reason: null, note: '' }, body?.releaseId);
  }

  /** Without a body (a client written to docs/product-spec.md) the reason is 'Other'. Bodies come checked by the route. */
  reject(actor: SessionUser, id: string, body: CheckedModerationDecisionBody | null | undefined): Promise<void> {
    const { reason, note } = body ?? { reason: DEFAULT_REJECT_REASON, note: '' };
    return this.decide(actor, id, { action: 'Rejected', reason, note });
  }

  requestChanges(actor: SessionUser, id: string, { reason, note }: CheckedModerationDecisionBody): Promise<void> {
    return this.decide(actor, id, { action: 'ChangesRequested', reason, note });
  }

  /** GET pending-changes: the sellers' changes to approved products, oldest first, old → new. */
  async pendingChanges(actor: SessionUser): Promise<PendingChange[]> {
    this.assertModerator(actor);
    const changes = await this.moderation.pendingChanges();
    const answers: PendingChange[] = [];
    for (const change of changes) {
      const product = await this.catalogue.findRow(change.product_id);
      if (!product) continue;
      const translations = (await this.catalogue.translationsOf([product.id], true)).get(product.id) ?? [];
      const screenshots = await this.catalogue.screenshotsOf(product.id);
      answers.push({
        _id: change.id,
        productId: product.id,
        title: productTitle(titlesOf(translations)),
        seller: { _id: change.user_id, name: change.seller_name },
        submittedAt: change.created_at,
        stale: isStale(change, product),
        fields: changedFields(formOf(product, translations), JSON.parse(change.form_json) as ProductForm),
        images: changedImages({ featureImg: product.feature_img_key, thumbnail: product.thumbnail_key, screenshots }, change, imageUrl),
      });
    }
    return answers;
  }

  /**
   * Applies the seller's change to the live listing, in one transaction with its audit line and
   * notice; the images it replaces go once nothing points at them, and cached pages drop at once.
   */
  async approveChange(actor: SessionUser, changeId: string): Promise<void> {
    const { change, product } = await this.openChange(actor, changeId);
    if (isStale(change, product)) throw conflict(STALE_CHANGE_MESSAGE);
    const form = JSON.parse(change.form_json) as ProductForm;
    const screenshots = screenshotsOfChange(change);
    const replaced = [
      ...(change.feature_img_key ? [product.feature_img_key] : []),
      ...(change.thumbnail_key ? [product.thumbnail_key] : []),
      ...(screenshots ? await this.catalogue.screenshotsOf(product.id) : []),
    ];
    const decision: Decision = { action: 'ChangeApproved', reason: null, note: '' };
    const seller = await this.moderation.contactOf(product.user_id);
    const title = productTitle(form.title);
    const now = this.clock.now().toISOString();
    await this.inTransaction(async (trx, afterCommit) => {
      // Of two admins deciding at once, only one finds the change still open.
      if (!(await this.moderation.removePendingChange(trx, change.id))) throw notFound(PENDING_CHANGE_NOT_FOUND_MESSAGE);
      const applied = { form, featureImg: change.feature_img_key, thumbnail: change.thumbnail_key, screenshots };
      await this.products.applyChangeIn(trx, product.id, applied, now);
      await this.record(trx, afterCommit, actor, product, seller, title, decision, now);
      afterCommit(() => this.catalogue.changed([product.id]));
    });
    await this.deleteImages(replaced);
  }

  /** Drops the seller's change (and its images); the live listing stays as it was. */
  async rejectChange(actor: SessionUser, changeId: string, { reason, note }: CheckedModerationDecisionBody): Promise<void> {
    const { change, product } = await this.openChange(actor, changeId);
    const title = await this.titleOf(product.id);
    const seller = await this.moderation.contactOf(product.user_id);
    const now = this.clock.now().toISOString();
    await this.inTransaction(async (trx, afterCommit) => {
      if (!(await this.moderation.removePendingChange(trx, change.id))) throw notFound(PENDING_CHANGE_NOT_FOUND_MESSAGE);
      await this.record(trx, afterCommit, actor, product, seller, title, { action: 'ChangeRejected', reason, note }, now);
    });
    await this.deleteImages(imagesOfChange(change));
  }

  /**
   * Keeps a seller's edit of an approved product for an admin, in place of any open one (one per
   * product); answers the replaced change's images, which the caller deletes.
   */
  async hold(change: HeldChange): Promise<string[]> {
    const replaced = await this.inTransaction((trx) =>
      new ModerationRepository(trx).replacePendingChange({
        id: newId(),
        product_id: change.productId,
        user_id: change.userId,
        base_updated_at: change.baseUpdatedAt,
        form_json: JSON.stringify(change.form),
        feature_img_key: change.featureImg,
        thumbnail_key: change.thumbnail,
        screenshots_json: change.screenshots ? JSON.stringify(change.screenshots) : null,
        created_at: change.createdAt,
      }),
    );
    return replaced ? imagesOfChange(replaced) : [];
  }

  /** Drops the product's open change within the seller's direct edit (a resubmission); answers its images. */
  async dropIn(trx: Kysely<Database>, productId: string): Promise<string[]> {
    const dropped = await this.moderation.takePendingChangeOf(trx, productId);
    return dropped ? imagesOfChange(dropped) : [];
  }

  /** The images of the product's open change, if any (a product deleted for good takes them along). */
  async imagesWaitingFor(productId: string): Promise<string[]> {
    const open = await this.moderation.pendingChangeOf(productId);
    return open ? imagesOfChange(open) : [];
  }

  /** GET moderation-log: a product's decisions, newest first, for an admin. */
  async logOf(actor: SessionUser, productId: string): Promise<ModerationLogEntry[]> {
    await this.moderated(actor, productId);
    const rows = await this.moderation.logOf(productId);
    return rows.map((row) => ({
      _id: row.id,
      action: row.action,
      reason: row.reason,
      note: row.note,
      decidedAt: row.created_at,
      by: { _id: row.actor_id, name: row.actor_name },
    }));
  }

  /** A product decision: the status, its audit line, and the seller's notice and mail commit together. */
  private async decide(
    actor: SessionUser,
    id: string,
    decision: Decision & { action: 'Approved' | 'Rejected' | 'ChangesRequested' },
    pinnedReleaseId?: string,
  ) {
    const row = await this.moderated(actor, id);
    // Deciding again what is already decided changes nothing and tells nobody.
    if (row.status === decision.action) return;
    const title = await this.titleOf(id);
    const seller = await this.moderation.contactOf(row.user_id);
    const now = this.clock.now().toISOString();
    await this.inTransaction(async (trx, afterCommit) => {
      await this.products.setStatusIn(trx, id, decision.action, now);
      if (decision.action === 'Approved')
        await this.releases.publishUnderReviewIn(trx, afterCommit, { id, sellerId: row.user_id }, pinnedReleaseId, now);
      await this.record(trx, afterCommit, actor, row, seller, title, decision, now);
      afterCommit(() => this.catalogue.changed([id]));
    });
  }

  /**
   * Writes the audit line and, unless the admin decided on their own product, the seller's notice
   * and mail. `seller` is read before the transaction: SQLite has one connection, held by it.
   */
  private async record(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    actor: SessionUser,
    product: ProductRow,
    seller: SellerContact | undefined,
    title: string,
    decision: Decision,
    now: string,
  ): Promise<void> {
    await this.moderation.log(trx, {
      id: newId(),
      product_id: product.id,
      action: decision.action,
      reason: decision.reason,
      note: decision.note,
      actor_id: actor._id,
      created_at: now,
    });
    if (product.user_id === actor._id) return;
    await this.notifications.queue(trx, afterCommit, [{ userId: product.user_id, notice: moderationNotice(title, decision) }]);
    if (!mailsTheSeller(decision.action) || !seller) return;
    await this.mail.queue(trx, afterCommit, [moderationMail(seller, title, decision, this.publicUrl)]);
  }

  private async openChange(actor: SessionUser, changeId: string): Promise<{ change: PendingChangeRow; product: ProductRow }> {
    this.assertModerator(actor);
    const change = await this.moderation.findPendingChange(changeId);
    const product = change && (await this.catalogue.findRow(change.product_id));
    if (!change || !product || product.status === RETIRED) throw notFound(PENDING_CHANGE_NOT_FOUND_MESSAGE);
    return { change, product };
  }

  private async moderated(actor: SessionUser, id: string): Promise<ProductRow> {
    this.assertModerator(actor);
    const row = await this.catalogue.findRow(id);
    if (!row) throw notFound('Product not found');
    return row;
  }

  private assertModerator(actor: SessionUser): void {
    if (!canModerate(actor)) throw forbidden('Only an admin can do this');
  }

  private async titleOf(productId: string): Promise<string> {
    return productTitle(titlesOf((await this.catalogue.translationsOf([productId], false)).get(productId) ?? []));
  }

  private async deleteImages(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.storage.delete('images', key)));
  }
}
