import type { Readable } from 'node:stream';
import {
  FIRST_VERSION,
  productTitle,
  titleKey,
  titleToSlug,
  languageCodeSchema,
  type LanguageCode,
  type ProductDetail,
  type ProductForm,
  type SessionUser,
  versionParts,
} from '@market/contracts';
import { type Clock, HOUR_MS } from '../../platform/clock.js';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { htmlToText, sanitizeRichText } from '../../platform/html/index.js';
import { newId } from '../../platform/ids.js';
import { encodeWebp, ImageRejectedError, type ImageVariant } from '../../platform/images/index.js';
import type { FileStorage, StorageArea, StoredFile } from '../../platform/storage/index.js';
import { parseProductFields } from './product-fields.js';
import {
  type CatalogueRepository,
  type CatalogueService,
  canManage,
  dollars,
  type ProductRow,
  RETIRED,
  titlesOf,
  type TranslationRow,
} from '../catalogue/index.js';
import type { ModerationRepository } from './moderation.repository.js';
import { imagesOfChange } from './pending-change.js';
import type { ProductsRepository } from './products.repository.js';
import type { ReleaseRow, ReleasesRepository } from './releases.repository.js';
import { checkedZipStream, megabytes } from './source-archive.js';
import { readProductUpload, type UploadPart } from './upload-form.js';
import { canModerate, isTrustedPublisher } from './policies.js';

/** An upload or edit once its multipart body is read: text fields, image bytes, a staged archive. */
export interface ProductUpload {
  fields: Record<string, string>;
  images: { featureImg?: Buffer; thumbnail?: Buffer; screenshots: Buffer[] };
  /** Already streamed to private storage by stageSourceCode; removed again if the upload fails. */
  sourceCode?: StoredFile;
}

/** What a non-admin may store: each archive, all archives together, and uploads per hour. */
export interface UploadLimits {
  sourceMaxBytes: number;
  quotaBytes: number;
  uploadsPerHour: number;
}

/** The checkouts opened for a product, as payments knows them. */
export interface ProductCheckouts {
  /** Whether a checkout for the product opened after `sinceIso` is neither paid nor closed. */
  hasOpenSince(productId: string, sinceIso: string): Promise<boolean>;
  /** Closes every open checkout for the product at the provider; false when one of them turned out paid. */
  closeAll(productId: string): Promise<boolean>;
}

/**
 * How long a checkout stays payable. A deleted product leaves the store at once, but its row and files
 * stay while a checkout opened for it within this time may still be paid, so that buyer gets what they paid for.
 */
export const CHECKOUT_PAYABLE_MS = HOUR_MS;
const IMAGE_LABELS = { featureImg: 'Feature image', thumbnail: 'Thumbnail', screenshot: 'Screenshot' } as const;

type StoredRef = [StorageArea, string];

const cents = (dollarsValue: number) => Math.round(dollarsValue * 100);

/** Product writes: who may upload, edit, moderate and delete what, and how their files are kept. */
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly releases: ReleasesRepository,
    private readonly rows: CatalogueRepository,
    private readonly catalogue: CatalogueService,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly limits: UploadLimits,
    private readonly checkouts: ProductCheckouts,
    private readonly moderation: ModerationRepository,
    /** Told once a new archive's release is stored, so its analysis starts at once (issue 18). */
    private readonly archiveStored: () => void,
  ) {}

  get sourceMaxBytes(): number {
    return this.limits.sourceMaxBytes;
  }

  /**
   * Checked before a byte of an upload is read. Only stored products count, so an upload that fails
   * half-way costs neither quota nor rate; admins are exempt (they load catalogues in bulk).
   */
  private async assertMayUpload(actor: SessionUser): Promise<void> {
    if (isTrustedPublisher(actor)) return;
    const hourAgo = new Date(this.clock.now().getTime() - HOUR_MS);
    const recent = await this.products.uploadTimesSince(actor._id, hourAgo.toISOString());
    if (recent.length >= this.limits.uploadsPerHour) {
      const freedAt = new Date(recent[recent.length - this.limits.uploadsPerHour]!).getTime() + HOUR_MS;
      const minutes = Math.max(1, Math.ceil((freedAt - this.clock.now().getTime()) / 60_000));
      throw new HttpError(
        429,
        `You can upload ${this.limits.uploadsPerHour} products an hour; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    await this.assertWithinQuota(actor, 0);
  }

  /** Refuses an archive that would take the actor's stored source code past the quota. */
  async assertWithinQuota(actor: SessionUser, addedBytes: number): Promise<void> {
    if (isTrustedPublisher(actor)) return;
    const kept = await this.releases.sourceBytesOf(actor._id);
    const quota = this.limits.quotaBytes;
    const after = kept + addedBytes;
    if (addedBytes === 0 ? kept >= quota : after > quota) {
      throw new HttpError(
        413,
        `Your storage quota of ${megabytes(quota)} is ${addedBytes === 0 ? 'used up' : 'too small for this archive'}: ` +
          `your products keep ${megabytes(kept)} of source code${addedBytes === 0 ? '' : ` and this archive is ${megabytes(addedBytes)}`}.`,
      );
    }
  }

  /** Streams an uploaded archive into private storage, checking it is a ZIP within the size limit. */
  stageSourceCode(stream: AsyncIterable<Buffer>): Promise<StoredFile> {
    return this.storage.put('private', checkedZipStream(stream, this.sourceMaxBytes), 'zip');
  }

  async discardSourceCode(file: StoredFile | undefined): Promise<void> {
    if (file) await this.storage.delete('private', file.key);
  }

  /**
   * POST uploadProduct in one call: the actor's quota and rate are checked before a byte of the body is
   * read, then the multipart parts are read (the archive streamed to private storage) and the product stored.
   */
  async uploadFromForm(actor: SessionUser, parts: AsyncIterable<UploadPart> | null): Promise<ProductDetail> {
    await this.assertMayUpload(actor);
    return this.upload(actor, await readProductUpload(parts, this));
  }

  /** PUT editProduct in one call: 404 or 403 before a byte of the body is read, then the changes applied. */
  async editFromForm(actor: SessionUser, id: string, parts: AsyncIterable<UploadPart> | null): Promise<ProductDetail> {
    const row = await this.editableBy(actor, id);
    return this.edit(actor, row, await readProductUpload(parts, this, { sourceCode: 'refused' }));
  }

  /** Stores an upload already read (the form above, or the demo seed, which is not held to upload limits). */
  async upload(actor: SessionUser, upload: ProductUpload): Promise<ProductDetail> {
    const written: StoredRef[] = upload.sourceCode ? [['private', upload.sourceCode.key]] : [];
    const id = newId();
    try {
      if (!upload.images.featureImg) throw badRequest('Feature image is required');
      if (!upload.images.thumbnail) throw badRequest('Thumbnail is required');
      if (!upload.sourceCode) throw badRequest('Source code is required');
      await this.assertWithinQuota(actor, upload.sourceCode.size);
      const form = sanitizeForm(parseProductFields(upload.fields));
      const images = await this.storeImages(upload.images, written);
      const now = this.clock.now().toISOString();
      const firstVersion = form.version ?? FIRST_VERSION;
      const [major, minor, patch] = versionParts(firstVersion);
      await this.products.insert({
        product: {
          id,
          user_id: actor._id,
          ...columnsOf(form),
          feature_img_key: images.featureImg!,
          thumbnail_key: images.thumbnail!,
          // Whatever the form claims: only an admin's upload skips moderation.
          status: isTrustedPublisher(actor) ? 'Approved' : 'Pending',
          created_at: now,
          updated_at: now,
        },
        translations: translationsOf(form),
        screenshots: images.screenshots,
        // The archive uploaded with the product is its first version, moderated with the product itself.
        firstRelease: {
          id: newId(),
          product_id: id,
          version: firstVersion,
          version_major: major,
          version_minor: minor,
          version_patch: patch,
          changelog_html: '',
          engine_version: null,
          source_code_key: upload.sourceCode.key,
          source_code_size: upload.sourceCode.size,
          status: 'Approved',
          created_at: now,
          published_at: now,
        },
      });
    } catch (error) {
      await this.deleteFiles(written);
      throw error;
    }
    this.catalogue.changed();
    this.archiveStored();
    return this.catalogue.getById(actor, id);
  }

  /** 404 for an unknown product, 403 unless the actor owns it or is an admin. */
  async editableBy(actor: SessionUser, id: string): Promise<ProductRow> {
    const row = await this.rows.findById(id);
    if (!row) throw notFound('Product not found');
    if (!canManage(actor, row)) throw forbidden('Only the owner or an admin can edit this product');
    return row;
  }

  /**
   * A seller's edit of an approved product waits aside as a pending change (issue 17): the live
   * listing stays as it is until an admin approves it, and a newer edit replaces an older one.
   * Any other seller's edit applies and goes back to Pending (a rejected product or one with
   * changes requested is so resubmitted); an admin's applies at once and keeps its status.
   */
  private async edit(actor: SessionUser, row: ProductRow, upload: ProductUpload): Promise<ProductDetail> {
    const { id } = row;
    const trusted = isTrustedPublisher(actor);
    const written: StoredRef[] = [];
    const replaced: StoredRef[] = [];
    try {
      if (upload.fields.version?.trim()) throw badRequest('The version changes by publishing a new version, not by an edit', 'version');
      const translations = (await this.rows.translationsOf([id], true)).get(id) ?? [];
      const form = sanitizeForm(parseProductFields(upload.fields, formOf(row, translations)));
      const images = await this.storeImages(upload.images, written);
      const newScreenshots = images.screenshots.length > 0 ? images.screenshots : null;
      const now = this.clock.now().toISOString();
      if (!trusted && row.status === 'Approved') {
        const superseded = await this.moderation.replacePendingChange({
          id: newId(),
          product_id: id,
          user_id: actor._id,
          base_updated_at: row.updated_at,
          form_json: JSON.stringify(form),
          feature_img_key: images.featureImg,
          thumbnail_key: images.thumbnail,
          screenshots_json: newScreenshots ? JSON.stringify(newScreenshots) : null,
          created_at: now,
        });
        if (superseded) for (const key of imagesOfChange(superseded)) replaced.push(['images', key]);
      } else {
        const changes = {
          ...columnsOf(form),
          ...(images.featureImg ? { feature_img_key: images.featureImg } : {}),
          ...(images.thumbnail ? { thumbnail_key: images.thumbnail } : {}),
          status: trusted ? row.status : 'Pending',
          updated_at: now,
        };
        if (images.featureImg) replaced.push(['images', row.feature_img_key]);
        if (images.thumbnail) replaced.push(['images', row.thumbnail_key]);
        if (newScreenshots) for (const key of await this.rows.screenshotsOf(id)) replaced.push(['images', key]);
        await this.products.update(id, changes, translationsOf(form), newScreenshots, async (trx) => {
          // A seller's direct edit is a resubmission: whatever change waited is part of it or moot.
          if (trusted) return;
          const dropped = await this.moderation.takePendingChangeOf(trx, id);
          if (dropped) for (const key of imagesOfChange(dropped)) replaced.push(['images', key]);
        });
        this.catalogue.changed();
      }
    } catch (error) {
      await this.deleteFiles(written);
      throw error;
    }
    // Old files go only once the database no longer points at them.
    await this.deleteFiles(replaced);
    return this.catalogue.getById(actor, id);
  }

  /**
   * The product leaves the store at once, whatever is in flight; it goes for good (files too) once
   * no checkout opened for it can still be paid, now or on a later purgeRetired.
   */
  async remove(actor: SessionUser, id: string): Promise<void> {
    await this.moderated(actor, id);
    // Buyers keep their purchase history; a sold product cannot vanish from under it.
    if (await this.products.hasSales(id)) throw new HttpError(409, 'This product has been sold and cannot be deleted');
    await this.products.setStatus(id, RETIRED, this.clock.now().toISOString());
    this.catalogue.changed();
    await this.purgeIfUnpayable(id);
  }

  /** Removes the deleted products that nothing can pay for any more, with their files; answers how many. */
  async purgeRetired(): Promise<number> {
    let purged = 0;
    for (const id of await this.products.retiredIds()) if (await this.purgeIfUnpayable(id)) purged += 1;
    return purged;
  }

  private async purgeIfUnpayable(id: string): Promise<boolean> {
    // Paid for while it was being deleted: it stays, out of the store, for its buyer's downloads.
    if (await this.products.hasSales(id)) return false;
    const payableSince = new Date(this.clock.now().getTime() - CHECKOUT_PAYABLE_MS).toISOString();
    if (await this.checkouts.hasOpenSince(id, payableSince)) return false;
    if (!(await this.checkouts.closeAll(id))) return false;
    const files = await this.products.filesOf(id);
    if (!files) return false;
    await this.products.delete(id);
    await this.deleteFiles([
      ...files.sourceCodes.map((key): StoredRef => ['private', key]),
      ...files.images.map((key): StoredRef => ['images', key]),
    ]);
    return true;
  }

  /**
   * The owner or an admin may fetch an archive: the newest approved release's, or the named
   * release's whatever its status (buyers download through their purchases).
   */
  async openSourceCode(actor: SessionUser, id: string, releaseId?: string): Promise<{ stream: Readable; fileName: string; size: number }> {
    const row = await this.rows.findById(id);
    if (!row) throw notFound('Product not found');
    if (!canManage(actor, row)) throw forbidden('Only the owner or an admin can download this source code');
    const releases = await this.releases.ofProduct(id, true);
    const release = releaseId
      ? releases.find((candidate) => candidate.id === releaseId)
      : (releases.find((candidate) => candidate.status === 'Approved') ?? releases[0]);
    if (!release) throw notFound('Release not found');
    const titles = titlesOf((await this.rows.translationsOf([id], false)).get(id) ?? []);
    return this.storage.get('private', release.source_code_key).then((stream) => ({
      stream,
      fileName: archiveFileName(productTitle(titles), release),
      size: Number(release.source_code_size),
    }));
  }

  private async moderated(actor: SessionUser, id: string): Promise<ProductRow> {
    if (!canModerate(actor)) throw forbidden('Only an admin can do this');
    const row = await this.rows.findById(id);
    if (!row) throw notFound('Product not found');
    return row;
  }

  /** Re-encodes every given image first (any bad one stops the upload), then stores them. */
  private async storeImages(images: ProductUpload['images'], written: StoredRef[]) {
    const [featureImg, thumbnail, ...screenshots] = await Promise.all([
      images.featureImg ? encode(images.featureImg, 'featureImg') : null,
      images.thumbnail ? encode(images.thumbnail, 'thumbnail') : null,
      ...images.screenshots.map((bytes) => encode(bytes, 'screenshot')),
    ]);
    const store = async (bytes: Buffer | null) => {
      if (!bytes) return null;
      const { key } = await this.storage.put('images', bytes, 'webp');
      written.push(['images', key]);
      return key;
    };
    return {
      featureImg: await store(featureImg ?? null),
      thumbnail: await store(thumbnail ?? null),
      screenshots: (await Promise.all(screenshots.map(store))).filter((key): key is string => key !== null),
    };
  }

  private async deleteFiles(files: StoredRef[]): Promise<void> {
    await Promise.all(files.map(([area, key]) => this.storage.delete(area, key)));
  }
}

/** `Space-Runner-1.2.0.zip`: the title as in its link, and the version. */
export function archiveFileName(title: string, release: Pick<ReleaseRow, 'version'>): string {
  const safeName = titleToSlug(title).replace(/[^A-Za-z0-9_-]/g, '') || 'source-code';
  return `${safeName}-${release.version}.zip`;
}

async function encode(bytes: Buffer, variant: ImageVariant): Promise<Buffer> {
  try {
    return await encodeWebp(bytes, variant);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw badRequest(`${IMAGE_LABELS[variant]} must be a PNG, JPEG, WebP or GIF image`);
    throw error;
  }
}

/** Rich text is stored only after the allowlist has had its say (DESIGN.md trust rules). */
function sanitizeForm(form: ProductForm): ProductForm {
  const description: ProductForm['description'] = {};
  for (const [language, html] of Object.entries(form.description)) {
    if (html !== undefined) description[language as LanguageCode] = sanitizeRichText(html);
  }
  const features = sanitizeRichText(form.features);
  if (!htmlToText(features) && !features.includes('<img')) throw badRequest('Describe the features');
  const reskinFeatures = form.reskinFeatures === undefined ? undefined : sanitizeRichText(form.reskinFeatures);
  return { ...form, description, features, reskinFeatures };
}

export function columnsOf(form: ProductForm) {
  const translations = translationsOf(form);
  const searchText = translations
    .flatMap((entry) => [entry.title, entry.keywords.join(' '), htmlToText(entry.description_html)])
    .filter(Boolean)
    .join(' ');
  return {
    type: form.type,
    category: form.category,
    sub_category: form.subCategory,
    framework: form.frameWork ?? null,
    features_html: form.features,
    youtube_link: form.youtubeLink ?? null,
    google_play_link: form.googlePlayLink ?? null,
    app_store_link: form.appStoreLink ?? null,
    live_preview: form.livePreview,
    single_app_license_cents: cents(form.singleAppLicense),
    multi_app_license_cents: cents(form.multiAppLicense),
    development_hours: form.developmentHours ?? null,
    author_name: form.authorName,
    reskin_features_html: form.reskinFeatures || null,
    reskin_price_cents: form.reskinPrice === undefined ? null : cents(form.reskinPrice),
    slug_key: titleKey(form.title.en ?? ''),
    search_text: searchText,
  };
}

export function translationsOf(form: ProductForm): TranslationRow[] {
  const keys = [...Object.keys(form.title), ...Object.keys(form.description), ...Object.keys(form.keywords)];
  const languages = new Set(keys.filter((key): key is LanguageCode => languageCodeSchema.safeParse(key).success));
  return [...languages].map((language) => ({
    language,
    title: form.title[language] ?? '',
    description_html: form.description[language] ?? '',
    keywords: form.keywords[language] ?? [],
  }));
}

/** The stored product as form values, so an edit only needs to send what changed. */
export function formOf(row: ProductRow, translations: TranslationRow[]): Record<string, unknown> {
  const byLanguage = <T>(pick: (entry: TranslationRow) => T | null) =>
    Object.fromEntries(translations.map((entry) => [entry.language, pick(entry)]).filter(([, value]) => value !== null));
  return {
    type: row.type,
    category: row.category,
    subCategory: row.sub_category,
    frameWork: row.framework ?? '',
    title: byLanguage((entry) => entry.title || null),
    description: byLanguage((entry) => entry.description_html || null),
    keywords: byLanguage((entry) => (entry.keywords.length > 0 ? entry.keywords : null)),
    features: row.features_html,
    youtubeLink: row.youtube_link ?? '',
    googlePlayLink: row.google_play_link ?? '',
    appStoreLink: row.app_store_link ?? '',
    livePreview: row.live_preview,
    singleAppLicense: dollars(row.single_app_license_cents),
    multiAppLicense: dollars(row.multi_app_license_cents),
    developmentHours: row.development_hours ?? '',
    authorName: row.author_name,
    reskinFeatures: row.reskin_features_html ?? '',
    reskinPrice: row.reskin_price_cents === null ? '' : dollars(row.reskin_price_cents),
  };
}
