import type { Readable } from 'node:stream';
import {
  ARCHIVE_UNDER_REVIEW_CHANGED_MESSAGE,
  compareVersions,
  productTitle,
  type Release,
  releaseFormSchema,
  type SessionUser,
  titleToSlug,
  versionParts,
  type ReleasePublishedData,
  type ApiV1Release,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import { type AfterCommit, type InTransaction, isUniqueViolation } from '../../db/index.js';
import type { WebhookEvents } from '../webhooks/index.js';
import type { Database } from '../../db/schema.js';
import { parseFormFields } from '../../http/form-fields.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { htmlToText, sanitizeRichText } from '../../platform/html/index.js';
import { newId } from '../../platform/ids.js';
import type { MailOutbox } from '../../platform/mail/index.js';
import type { FileStorage, StoredFile } from '../../platform/storage/index.js';
import { type CatalogueService, canManage, canSee, titlesOf } from '../catalogue/index.js';
import { tokenActor } from '../auth/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { megabytes, readProductUpload, type ProductsService, type UploadPart } from '../products/index.js';
import { releaseNoticeMail, releaseNotices } from './release-notices.js';
import { canModerate, isTrustedPublisher } from './policies.js';
import { type ReleaseRow, ReleasesRepository, type ReleaseWithProductRow } from './releases.repository.js';

export interface ReleasesServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  /** Who may edit a product, where its archives are staged while an upload is read, and its status. */
  products: Pick<ProductsService, 'editableBy' | 'stageSourceCode' | 'discardSourceCode' | 'sourceMaxBytes' | 'setStatusIn'>;
  catalogue: CatalogueService;
  notifications: NotificationsService;
  mail: MailOutbox;
  storage: FileStorage;
  clock: Clock;
  /** What a non-admin's products may keep of source code, every release counted. */
  quotaBytes: number;
  /** The site's address, for links in mails. */
  publicUrl: string;
  /** Told once a new archive's release is stored, so its analysis starts at once. */
  archiveStored: () => void;
  /** The seller's endpoints hear of each release published (docs/decisions/0015). */
  webhooks: WebhookEvents;
}

/** The archive uploaded with a new product: its first version, moderated with the product itself. */
export interface FirstRelease {
  productId: string;
  version: string;
  sourceCode: StoredFile;
  createdAt: string;
}

/**
 * Versions of a product's source code: the owner or an admin publishes a new archive
 * with its changelog as a release; a seller's waits for an admin, an admin's is out at once.
 * Buyers are served the newest approved one, and each approval opens their download window again.
 */
export class ReleasesService {
  private readonly releases: ReleasesRepository;
  private readonly inTransaction: InTransaction;
  private readonly products: ReleasesServiceDependencies['products'];
  private readonly catalogue: CatalogueService;
  private readonly notifications: NotificationsService;
  private readonly mail: MailOutbox;
  private readonly storage: FileStorage;
  private readonly clock: Clock;
  private readonly quotaBytes: number;
  private readonly publicUrl: string;
  private readonly archiveStored: () => void;
  private readonly webhooks: WebhookEvents;

  constructor(dependencies: ReleasesServiceDependencies) {
    this.releases = new ReleasesRepository(dependencies.db);
    this.inTransaction = dependencies.inTransaction;
    this.products = dependencies.products;
    this.catalogue = dependencies.catalogue;
    this.notifications = dependencies.notifications;
    this.mail = dependencies.mail;
    this.storage = dependencies.storage;
    this.clock = dependencies.clock;
    this.quotaBytes = dependencies.quotaBytes;
    this.publicUrl = dependencies.publicUrl;
    this.archiveStored = dependencies.archiveStored;
    this.webhooks = dependencies.webhooks;
  }

  /** Refuses an archive that would take the actor's stored source code past the quota. */
  async assertWithinQuota(actor: SessionUser, addedBytes: number): Promise<void> {
    if (isTrustedPublisher(actor)) return;
    const kept = await this.releases.sourceBytesOf(actor._id);
    const quota = this.quotaBytes;
    const after = kept + addedBytes;
    if (addedBytes === 0 ? kept >= quota : after > quota) {
      throw new HttpError(
        413,
        `Your storage quota of ${megabytes(quota)} is ${addedBytes === 0 ? 'used up' : 'too small for this archive'}: ` +
          `your products keep ${megabytes(kept)} of source code${addedBytes === 0 ? '' : ` and this archive is ${megabytes(addedBytes)}`}.`,
      );
    }
  }

  /** Stores a new product's first release in the product's own transaction. */
  async storeFirstIn(trx: Kysely<Database>, first: FirstRelease): Promise<void> {
    const [major, minor, patch] = versionParts(first.version);
    await this.releases.insert(
      {
        id: newId(),
        product_id: first.productId,
        version: first.version,
        version_major: major,
        version_minor: minor,
        version_patch: patch,
        changelog_html: '',
        engine_version: null,
        source_code_key: first.sourceCode.key,
        source_code_size: first.sourceCode.size,
        status: 'Approved',
        created_at: first.createdAt,
        published_at: first.createdAt,
      },
      trx,
    );
  }

  /** The storage keys of every archive the product keeps, for deleting a product for good. */
  archiveKeysOf(productId: string): Promise<string[]> {
    return this.releases.archiveKeysOf(productId);
  }

  /** The approved releases of these products, newest version first within each (purchases' downloads). */
  approvedOf(productIds: readonly string[]): Promise<ReleaseRow[]> {
    return this.releases.approvedOf(productIds);
  }

  /** A release with its product's owner and status (the archive analysis). */
  findRow(releaseId: string): Promise<ReleaseWithProductRow | undefined> {
    return this.releases.findById(releaseId);
  }

  /** A product's releases, newest version first; Approved ones only unless `everyStatus`. */
  rowsOf(productId: string, everyStatus: boolean): Promise<ReleaseRow[]> {
    return this.releases.ofProduct(productId, everyStatus);
  }

  /**
   * The owner or an admin may fetch an archive: the newest approved release's, or the named
   * release's whatever its status (buyers download through their purchases).
   */
  async openSourceCode(actor: SessionUser, id: string, releaseId?: string): Promise<{ stream: Readable; fileName: string; size: number }> {
    const row = await this.catalogue.findRow(id);
    if (!row) throw notFound('Product not found');
    if (!canManage(actor, row)) throw forbidden('Only the owner or an admin can download this source code');
    const releases = await this.releases.ofProduct(id, true);
    const release = releaseId
      ? releases.find((candidate) => candidate.id === releaseId)
      : (releases.find((candidate) => candidate.status === 'Approved') ?? releases[0]);
    if (!release) throw notFound('Release not found');
    const titles = titlesOf((await this.catalogue.translationsOf([id], false)).get(id) ?? []);
    return this.storage.get('private', release.source_code_key).then((stream) => ({
      stream,
      fileName: archiveFileName(productTitle(titles), release),
      size: Number(release.source_code_size),
    }));
  }

  /** POST releases: 404 or 403 before a byte of the body is read; the archive is gone again on any failure. */
  async publishFromForm(actor: SessionUser, productId: string, parts: AsyncIterable<UploadPart> | null): Promise<Release> {
    const product = await this.products.editableBy(actor, productId);
    if (product.status === 'Deleted') throw notFound('Product not found');
    await this.assertWithinQuota(actor, 0);
    const upload = await readProductUpload(parts, this.products, { images: 'refused' });
    try {
      if (!upload.sourceCode) throw badRequest('Source code is required');
      const form = parseFormFields(releaseFormSchema, upload.fields, LABELS);
      await this.assertNewerThanApproved(productId, form.version);
      await this.assertWithinQuota(actor, upload.sourceCode.size);
      const changelog = sanitizeRichText(form.changelog);
      if (!htmlToText(changelog)) throw badRequest('Describe what changed in this version', 'changelog');
      const now = this.clock.now().toISOString();
      const [major, minor, patch] = versionParts(form.version);
      const row: ReleaseRow = {
        id: newId(),
        product_id: productId,
        version: form.version,
        version_major: major,
        version_minor: minor,
        version_patch: patch,
        changelog_html: changelog,
        engine_version: form.engineVersion ?? null,
        source_code_key: upload.sourceCode.key,
        source_code_size: upload.sourceCode.size,
        status: 'Pending',
        created_at: now,
        published_at: null,
      };
      // A product under review carries its newest archive: this one replaces the one under review, and
      // the product goes back to Pending, so an approval never publishes an archive the admin was not shown.
      const replacesUnderReview = !isTrustedPublisher(actor) && isUnderReview(product.status);
      let replaced: string[] = [];
      try {
        if (replacesUnderReview) {
          replaced = await this.inTransaction(async (trx) => {
            await this.products.setStatusIn(trx, productId, 'Pending', now);
            await this.releases.insert(row, trx);
            return this.releases.removeReplaced(trx, productId, row.id);
          });
        } else {
          await this.releases.insert(row);
        }
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`Version ${form.version} of this product already exists`, 'version');
        throw error;
      }
      await Promise.all(replaced.map((key) => this.storage.delete('private', key)));
      this.archiveStored();
      // An admin's version needs no review: it is published at once, with its notices.
      if (isTrustedPublisher(actor))
        return await this.publishNow({ ...row, product_owner_id: product.user_id, product_status: product.status });
      return releaseView(row);
    } catch (error) {
      await this.products.discardSourceCode(upload.sourceCode);
      throw error;
    }
  }

  /**
   * POST /api/v1/products/{id}/releases: the site's publishing above, by the token owner as a seller,
   * so the archive is checked, analysed and reviewed the same way (docs/decisions/0014). Another
   * seller's product answers 404 before a byte of the body is read. The analysis runs in the
   * background and never within the request, so a new release answers `analysing`.
   */
  async publishByTokenOwner(ownerId: string, productId: string, parts: AsyncIterable<UploadPart> | null): Promise<ApiV1Release> {
    const product = await this.catalogue.findRow(productId);
    if (!product || product.user_id !== ownerId) throw notFound('Product not found');
    const { _id, ...release } = await this.publishFromForm(tokenActor(ownerId), productId, parts);
    return { id: _id, ...release, analysis: { status: 'analysing', reason: null } };
  }

  /**
   * Within a product's approval: publishes the archive under review (its newest release not rejected).
   * `pinnedId` is the release whose checks the admin was shown; if another is under review now, 409.
   */
  async publishUnderReviewIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    product: { id: string; sellerId: string },
    pinnedId: string | undefined,
    publishedAt: string,
  ): Promise<void> {
    const release = await this.releases.underReviewOf(product.id, trx);
    if (pinnedId !== undefined && release?.id !== pinnedId) throw conflict(ARCHIVE_UNDER_REVIEW_CHANGED_MESSAGE);
    if (!release) return;
    await this.releases.publishIn(trx, release.id, publishedAt);
    // A new product's first release is stored approved, yet reaches buyers only now: the seller hears of it now.
    await this.tellSellerIn(trx, afterCommit, product.sellerId, release, publishedAt);
  }

  /** A `release.published` event to the seller's endpoints, in the publication's transaction. */
  private async tellSellerIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    sellerId: string,
    release: Pick<ReleaseRow, 'id' | 'product_id' | 'version'>,
    publishedAt: string,
  ): Promise<void> {
    const data: ReleasePublishedData = { releaseId: release.id, productId: release.product_id, version: release.version, publishedAt };
    await this.webhooks.emit(trx, afterCommit, sellerId, 'release.published', data);
  }

  /** GET releases: the approved ones for everybody who may see the product; every one for its owner and admins. */
  async list(viewer: SessionUser | null, productId: string): Promise<Release[]> {
    const product = await this.catalogue.findRow(productId);
    if (!product || product.status === 'Deleted' || !canSee(viewer, product)) throw notFound('Product not found');
    const everyStatus = viewer !== null && canManage(viewer, product);
    return (await this.releases.ofProduct(productId, everyStatus)).map(releaseView);
  }

  /** Releases waiting for an admin, oldest first. */
  async pending(actor: SessionUser): Promise<Release[]> {
    if (!canModerate(actor)) throw forbidden('Only an admin can do this');
    return (await this.releases.pending()).map(releaseView);
  }

  /**
   * Publishes a release: buyers are served it from now on, and each of them gets a notice and a
   * mail, stored in the same transaction as the approval (a mail server that is down delays the
   * mails, never loses them). Approving it again, or twice at once, changes nothing and sends nothing.
   */
  async approve(actor: SessionUser, releaseId: string): Promise<Release> {
    const release = await this.moderated(actor, releaseId);
    if (release.status === 'Approved') return releaseView(release);
    await this.assertNewerThanApproved(release.product_id, release.version);
    return this.publishNow(release);
  }

  private async publishNow(release: ReleaseWithProductRow): Promise<Release> {
    const publishedAt = this.clock.now().toISOString();
    const title = await this.titleOf(release.product_id);
    const buyers = await this.releases.buyersOf(release.product_id);
    const notices = releaseNotices(title, release);
    await this.inTransaction(async (trx, afterCommit) => {
      // Of two approvals racing, only one finds it unapproved: the other changes nothing and tells nobody.
      if (!(await this.releases.publishIn(trx, release.id, publishedAt))) return;
      await this.tellSellerIn(trx, afterCommit, release.product_owner_id, release, publishedAt);
      await this.notifications.queue(trx, afterCommit, [
        ...buyers.map((buyer) => ({ userId: buyer.id, notice: notices.buyer })),
        { userId: release.product_owner_id, notice: notices.approved },
      ]);
      await this.mail.queue(
        trx,
        afterCommit,
        buyers.map((buyer) => releaseNoticeMail(buyer, title, release, this.publicUrl)),
      );
      afterCommit(() => this.catalogue.changed());
    });
    const now = await this.releases.findById(release.id);
    return releaseView(now ?? { ...release, status: 'Approved', published_at: publishedAt });
  }

  /** Turns a release down (or takes a published one back from buyers). */
  async reject(actor: SessionUser, releaseId: string): Promise<Release> {
    const release = await this.moderated(actor, releaseId);
    if (release.status === 'Rejected') return releaseView(release);
    const notices = releaseNotices(await this.titleOf(release.product_id), release);
    await this.inTransaction(async (trx, afterCommit) => {
      await new ReleasesRepository(trx).setStatus(release.id, 'Rejected', null);
      await this.notifications.queue(trx, afterCommit, [{ userId: release.product_owner_id, notice: notices.rejected }]);
      if (release.status === 'Approved') afterCommit(() => this.catalogue.changed());
    });
    return releaseView({ ...release, status: 'Rejected', published_at: null });
  }

  private async titleOf(productId: string): Promise<string> {
    return productTitle(titlesOf((await this.catalogue.translationsOf([productId], false)).get(productId) ?? []));
  }

  private async moderated(actor: SessionUser, releaseId: string) {
    if (!canModerate(actor)) throw forbidden('Only an admin can do this');
    const release = await this.releases.findById(releaseId);
    if (!release || release.product_status === 'Deleted') throw notFound('Release not found');
    return release;
  }

  /** A version must come after every approved one, so "newest" never goes back (1.2.0 after 1.10.0 is refused). */
  private async assertNewerThanApproved(productId: string, version: string): Promise<void> {
    const [latest] = await this.releases.ofProduct(productId, false);
    if (latest && compareVersions(version, latest.version) <= 0) {
      throw badRequest(`The version must be greater than ${latest.version}, the latest published version`, 'version');
    }
  }
}

/** Not in the store yet, or taken out of it for changes: its archive is reviewed with the product. */
const isUnderReview = (status: string) => status === 'Pending' || status === 'ChangesRequested' || status === 'Rejected';

/** `Space-Runner-1.2.0.zip`: the title as in its link, and the version. */
export function archiveFileName(title: string, release: Pick<ReleaseRow, 'version'>): string {
  const safeName = titleToSlug(title).replace(/[^A-Za-z0-9_-]/g, '') || 'source-code';
  return `${safeName}-${release.version}.zip`;
}

export function releaseView(row: ReleaseRow): Release {
  return {
    _id: row.id,
    productId: row.product_id,
    version: row.version,
    changelog: row.changelog_html,
    engineVersion: row.engine_version,
    sizeBytes: Number(row.source_code_size),
    status: row.status,
    createdAt: row.created_at,
    publishedAt: row.published_at,
  };
}

const LABELS: Record<string, string> = { version: 'Version', changelog: 'Changelog', engineVersion: 'Engine version' };
