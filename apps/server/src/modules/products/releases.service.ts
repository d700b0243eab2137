import {
  compareVersions,
  issueMessage,
  productTitle,
  type Release,
  releaseFormSchema,
  type ReleaseForm,
  type SessionUser,
  versionParts,
} from '@market/contracts';
import { isUniqueViolation } from '../../db/index.js';
import { refuseNulCharacter } from '../../http/request-text.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { htmlToText, sanitizeRichText } from '../../platform/html/index.js';
import { newId } from '../../platform/ids.js';
import { type MailOutbox, type OutboxRow } from '../../platform/mail/index.js';
import { type CatalogueRepository, type CatalogueService, canManage, canSee, titlesOf } from '../catalogue/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { releaseNoticeMail, releaseNotices } from './release-notices.js';
import { canModerate, isTrustedPublisher } from './policies.js';
import type { ProductsService } from './products.service.js';
import type { ReleaseRow, ReleasesRepository, ReleaseWithProductRow } from './releases.repository.js';
import { readProductUpload, type UploadPart } from './upload-form.js';

/**
 * Versions of a product's source code (issue 15): the owner or an admin publishes a new archive
 * with its changelog as a release; a seller's waits for an admin, an admin's is out at once.
 * Buyers are served the newest approved one, and each approval opens their download window again.
 */
export class ReleasesService {
  constructor(
    private readonly releases: ReleasesRepository,
    private readonly rows: CatalogueRepository,
    private readonly products: ProductsService,
    private readonly catalogue: CatalogueService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailOutbox,
    private readonly clock: Clock,
    /** The site's address, for links in mails. */
    private readonly publicUrl: string,
    /** Told once a new archive's release is stored, so its analysis starts at once (issue 18). */
    private readonly archiveStored: () => void,
  ) {}

  /** POST releases: 404 or 403 before a byte of the body is read; the archive is gone again on any failure. */
  async publishFromForm(actor: SessionUser, productId: string, parts: AsyncIterable<UploadPart> | null): Promise<Release> {
    const product = await this.products.editableBy(actor, productId);
    if (product.status === 'Deleted') throw notFound('Product not found');
    await this.products.assertWithinQuota(actor, 0);
    const upload = await readProductUpload(parts, this.products, { images: 'refused' });
    try {
      if (!upload.sourceCode) throw badRequest('Source code is required');
      const form = parseReleaseFields(upload.fields);
      await this.assertNewerThanApproved(productId, form.version);
      await this.products.assertWithinQuota(actor, upload.sourceCode.size);
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
      try {
        await this.releases.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`Version ${form.version} of this product already exists`, 'version');
        throw error;
      }
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

  /** GET releases: the approved ones for everybody who may see the product; every one for its owner and admins. */
  async list(viewer: SessionUser | null, productId: string): Promise<Release[]> {
    const product = await this.rows.findById(productId);
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
    let mails: OutboxRow[] = [];
    const published = await this.releases.publish(release.id, publishedAt, async (trx) => {
      await this.notifications.storeIn(trx, [
        ...buyers.map((buyer) => ({ userId: buyer.id, notice: notices.buyer })),
        { userId: release.product_owner_id, notice: notices.approved },
      ]);
      mails = await this.mail.storeIn(
        trx,
        buyers.map((buyer) => releaseNoticeMail(buyer, title, release, this.publicUrl)),
      );
    });
    if (published) {
      this.catalogue.changed();
      this.mail.stored(mails);
      await this.notifications.announce([release.product_owner_id, ...buyers.map((buyer) => buyer.id)]);
    }
    const now = await this.releases.findById(release.id);
    return releaseView(now ?? { ...release, status: 'Approved', published_at: publishedAt });
  }

  /** Turns a release down (or takes a published one back from buyers). */
  async reject(actor: SessionUser, releaseId: string): Promise<Release> {
    const release = await this.moderated(actor, releaseId);
    if (release.status === 'Rejected') return releaseView(release);
    await this.releases.setStatus(release.id, 'Rejected', null);
    if (release.status === 'Approved') this.catalogue.changed();
    const notices = releaseNotices(await this.titleOf(release.product_id), release);
    await this.notifications.notify(release.product_owner_id, notices.rejected);
    return releaseView({ ...release, status: 'Rejected', published_at: null });
  }

  private async titleOf(productId: string): Promise<string> {
    return productTitle(titlesOf((await this.rows.translationsOf([productId], false)).get(productId) ?? []));
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

function parseReleaseFields(fields: Record<string, string>): ReleaseForm {
  refuseNulCharacter(fields);
  const parsed = releaseFormSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  if (issue.code === 'unrecognized_keys') throw badRequest(issueMessage(issue));
  const generic = /^(Invalid|Expected|Too )/i.test(issue.message);
  throw badRequest(generic && LABELS[field] ? `${LABELS[field]}: ${issue.message}` : issue.message, field || undefined);
}
