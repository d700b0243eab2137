import {
  FIRST_VERSION,
  titleKey,
  languageCodeSchema,
  type LanguageCode,
  type ProductDetail,
  type ProductForm,
  type SessionUser,
  type ApiV1Product,
  type ApiV1ProductPage,
  type ApiV1ProductUpdate,
  type ApiV1UpdatedProduct,
  type CursorQuery,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { Dialect, InTransaction } from '../../db/index.js';
import type { Database, StoredProductStatus } from '../../db/schema.js';
import { type Clock, HOUR_MS } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { htmlToText, sanitizeRichText } from '../../platform/html/index.js';
import { newId } from '../../platform/ids.js';
import { encodeWebp, ImageRejectedError, type ImageVariant } from '../../platform/images/index.js';
import type { FileStorage, StorageArea, StoredFile } from '../../platform/storage/index.js';
import { parseProductFields } from './product-fields.js';
import { type CatalogueService, canManage, dollars, type ProductRow, RETIRED, type TranslationRow } from '../catalogue/index.js';
import { type OwnedProductRow, ProductsRepository } from './products.repository.js';
import { decodeCursor, pageOf } from '../../platform/cursor.js';
import { checkedZipStream } from './source-archive.js';
import { readProductUpload, type UploadPart } from './upload-form.js';
import { canModerate, isTrustedPublisher } from './policies.js';
import { tokenActor } from '../auth/index.js';

/** An upload or edit once its multipart body is read: text fields, image bytes, a staged archive. */
export interface ProductUpload {
  fields: Record<string, string>;
  images: { featureImg?: Buffer; thumbnail?: Buffer; screenshots: Buffer[] };
  /** Already streamed to private storage by stageSourceCode; removed again if the upload fails. */
  sourceCode?: StoredFile;
}

/** What a non-admin may upload: each archive's size, and uploads per hour. */
export interface UploadLimits {
  sourceMaxBytes: number;
  uploadsPerHour: number;
}

/** The checkouts opened for a product, as payments knows them. */
export interface ProductCheckouts {
  /** Whether a checkout for the product opened after `sinceIso` is neither paid nor closed. */
  hasOpenSince(productId: string, sinceIso: string): Promise<boolean>;
  /** Closes every open checkout for the product at the provider; false when one of them turned out paid. */
  closeAll(productId: string): Promise<boolean>;
}

/** What products need of the releases module: the storage quota, a new product's first version, and its archives. */
export interface ProductArchives {
  /** Refuses an archive that would take the actor's stored source code past the quota. */
  assertWithinQuota(actor: SessionUser, addedBytes: number): Promise<void>;
  storeFirstIn(
    trx: Kysely<Database>,
    first: { productId: string; version: string; sourceCode: StoredFile; createdAt: string },
  ): Promise<void>;
  archiveKeysOf(productId: string): Promise<string[]>;
}

/** A seller's edit of an approved product, held for an admin. */
export interface HeldChange {
  productId: string;
  userId: string;
  /** The listing's updated_at the edit was made against: a change the listing moved on from is stale. */
  baseUpdatedAt: string;
  form: ProductForm;
  featureImg: string | null;
  thumbnail: string | null;
  /** New screenshots in display order, or null to keep the live ones. */
  screenshots: string[] | null;
  createdAt: string;
}

/** What products need of the moderation module: the sellers' changes waiting for an admin. */
export interface ChangesUnderReview {
  /** Keeps the change in place of the product's open one; answers the images of the one it replaced. */
  hold(change: HeldChange): Promise<string[]>;
  /** Drops the product's open change within `trx`; answers its images. */
  dropIn(trx: Kysely<Database>, productId: string): Promise<string[]>;
  /** The images of the product's open change, if any. */
  imagesWaitingFor(productId: string): Promise<string[]>;
}

export interface ProductsServiceDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  inTransaction: InTransaction;
  catalogue: CatalogueService;
  storage: FileStorage;
  clock: Clock;
  limits: UploadLimits;
  checkouts: ProductCheckouts;
  archives: ProductArchives;
  changes: ChangesUnderReview;
  /** Told once a new archive's release is stored, so its analysis starts at once. */
  archiveStored: () => void;
  /** When a sale scheduled or running on the product ends; null when none is (modules/sales). Read through `db` when given (a transaction). */
  pricesHeldUntil: (productId: string, db?: Kysely<Database>) => Promise<string | null>;
}

/**
 * How long a checkout stays payable. A deleted product leaves the store at once, but its row and files
 * stay while a checkout opened for it within this time may still be paid, so that buyer gets what they paid for.
 */
export const CHECKOUT_PAYABLE_MS = HOUR_MS;
const IMAGE_LABELS = { featureImg: 'Feature image', thumbnail: 'Thumbnail', screenshot: 'Screenshot' } as const;

type StoredRef = [StorageArea, string];

const cents = (dollarsValue: number) => Math.round(dollarsValue * 100);

type ListedPrices = Pick<ProductRow, 'single_app_license_cents' | 'multi_app_license_cents'>;
const pricesOf = (prices: ListedPrices) => ({
  single: Number(prices.single_app_license_cents),
  multi: Number(prices.multi_app_license_cents),
});
const pricesDiffer = (before: ListedPrices, after: Partial<ListedPrices>) =>
  (after.single_app_license_cents !== undefined && Number(after.single_app_license_cents) !== Number(before.single_app_license_cents)) ||
  (after.multi_app_license_cents !== undefined && Number(after.multi_app_license_cents) !== Number(before.multi_app_license_cents));

const ownedProductView = (row: OwnedProductRow): ApiV1Product => ({
  id: row.id,
  title: row.title ?? '',
  status: row.status,
  type: row.type,
  category: row.category,
  singleAppLicenseCents: Number(row.single_app_license_cents),
  multiAppLicenseCents: Number(row.multi_app_license_cents),
  downloads: Number(row.downloads),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Product writes: who may upload, edit and delete what, and how their files are kept. */
export class ProductsService {
  private readonly products: ProductsRepository;
  private readonly dialect: Dialect;
  private readonly inTransaction: InTransaction;
  private readonly pricesHeldUntil: (productId: string, db?: Kysely<Database>) => Promise<string | null>;
  private readonly catalogue: CatalogueService;
  private readonly storage: FileStorage;
  private readonly clock: Clock;
  private readonly limits: UploadLimits;
  private readonly checkouts: ProductCheckouts;
  private readonly archives: ProductArchives;
  private readonly changes: ChangesUnderReview;
  private readonly archiveStored: () => void;

  constructor(dependencies: ProductsServiceDependencies) {
    this.products = new ProductsRepository(dependencies.db, dependencies.dialect);
    this.dialect = dependencies.dialect;
    this.inTransaction = dependencies.inTransaction;
    this.catalogue = dependencies.catalogue;
    this.storage = dependencies.storage;
    this.clock = dependencies.clock;
    this.limits = dependencies.limits;
    this.checkouts = dependencies.checkouts;
    this.archives = dependencies.archives;
    this.changes = dependencies.changes;
    this.archiveStored = dependencies.archiveStored;
    this.pricesHeldUntil = dependencies.pricesHeldUntil;
  }

  /** GET /api/v1/products: the token owner's products, newest first, a cursor-paged walk (docs/decisions/0014). */
  async ownedPage(ownerId: string, { limit, cursor }: CursorQuery): Promise<ApiV1ProductPage> {
    const rows = await this.products.ownedPage(ownerId, decodeCursor(cursor), limit + 1);
    const page = pageOf(rows, limit, (row) => ({ at: row.created_at, id: row.id }));
    return { data: page.rows.map(ownedProductView), nextCursor: page.nextCursor };
  }

  /** GET /api/v1/products/{id}: another seller's product answers like an unknown one. */
  async owned(ownerId: string, id: string): Promise<ApiV1Product> {
    const row = await this.products.ownedOne(ownerId, id);
    if (!row) throw notFound('Product not found');
    return ownedProductView(row);
  }

  /**
   * PATCH /api/v1/products/{id}: the token owner's texts and prices through the site's own edit, so
   * its rules and its moderation apply unchanged (docs/decisions/0014): an approved product's change
   * waits for an admin, any other product's applies and goes back to Pending. Another seller's
   * product answers 404, as an unknown one.
   */
  async updateByTokenOwner(ownerId: string, id: string, update: ApiV1ProductUpdate): Promise<ApiV1UpdatedProduct> {
    const row = (await this.products.ownedOne(ownerId, id)) ? await this.catalogue.findRow(id) : undefined;
    if (!row) throw notFound('Product not found');
    const edited = await this.edit(tokenActor(ownerId), row, { fields: editFieldsOf(update), images: { screenshots: [] } }).catch(
      (error: unknown) => {
        throw inV1Fields(error);
      },
    );
    return { ...(await this.owned(ownerId, id)), pendingChangeAt: edited.moderation?.pendingChangeAt ?? null };
  }

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
    await this.archives.assertWithinQuota(actor, 0);
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
      await this.archives.assertWithinQuota(actor, upload.sourceCode.size);
      const form = sanitizeForm(parseProductFields(upload.fields));
      const images = await this.storeImages(upload.images, written);
      const now = this.clock.now().toISOString();
      const sourceCode = upload.sourceCode;
      await this.inTransaction(async (trx, afterCommit) => {
        await this.productsIn(trx).insert({
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
        });
        await this.productsIn(trx).recordPrices(id, pricesOf(columnsOf(form)), now);
        // The archive uploaded with the product is its first version, moderated with the product itself.
        await this.archives.storeFirstIn(trx, { productId: id, version: form.version ?? FIRST_VERSION, sourceCode, createdAt: now });
        afterCommit(() => this.catalogue.changed([id]));
        afterCommit(() => this.archiveStored());
      });
    } catch (error) {
      await this.deleteFiles(written);
      throw error;
    }
    return this.catalogue.getById(actor, id);
  }

  /** 404 for an unknown product, 403 unless the actor owns it or is an admin. */
  async editableBy(actor: SessionUser, id: string): Promise<ProductRow> {
    const row = await this.catalogue.findRow(id);
    if (!row) throw notFound('Product not found');
    if (!canManage(actor, row)) throw forbidden('Only the owner or an admin can edit this product');
    return row;
  }

  /**
   * A seller's edit of an approved product waits aside as a pending change: the live
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
      const translations = (await this.catalogue.translationsOf([id], true)).get(id) ?? [];
      const form = sanitizeForm(parseProductFields(upload.fields, formOf(row, translations)));
      const images = await this.storeImages(upload.images, written);
      const newScreenshots = images.screenshots.length > 0 ? images.screenshots : null;
      const now = this.clock.now().toISOString();
      await this.assertPricesMayChange(row, columnsOf(form));
      if (!trusted && row.status === 'Approved') {
        const superseded = await this.changes.hold({
          productId: id,
          userId: actor._id,
          baseUpdatedAt: row.updated_at,
          form,
          featureImg: images.featureImg,
          thumbnail: images.thumbnail,
          screenshots: newScreenshots,
          createdAt: now,
        });
        for (const key of superseded) replaced.push(['images', key]);
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
        if (newScreenshots) for (const key of await this.catalogue.screenshotsOf(id)) replaced.push(['images', key]);
        await this.inTransaction(async (trx, afterCommit) => {
          // A seller's direct edit is a resubmission: whatever change waited is part of it or moot.
          if (!trusted) for (const key of await this.changes.dropIn(trx, id)) replaced.push(['images', key]);
          await this.productsIn(trx).update(id, changes, translationsOf(form), newScreenshots);
          await this.recordPricesIfChanged(trx, row, changes, now);
          afterCommit(() => this.catalogue.changed([id]));
        });
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
    await this.inTransaction(async (trx, afterCommit) => {
      await this.productsIn(trx).setStatus(id, RETIRED, this.clock.now().toISOString());
      afterCommit(() => this.catalogue.changed([id]));
    });
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
    const images = await this.products.imagesOf(id);
    if (!images) return false;
    const archives = await this.archives.archiveKeysOf(id);
    const waiting = await this.changes.imagesWaitingFor(id);
    await this.inTransaction((trx) => this.productsIn(trx).delete(id));
    await this.deleteFiles([
      ...archives.map((key): StoredRef => ['private', key]),
      ...[...images, ...waiting].map((key): StoredRef => ['images', key]),
    ]);
    return true;
  }

  /** A decision's new status, inside the decision's unit of work; first in it, so the product's row lock orders two writes on one product. */
  setStatusIn(trx: Kysely<Database>, id: string, status: StoredProductStatus, updatedAt: string): Promise<void> {
    return this.productsIn(trx).setStatus(id, status, updatedAt);
  }

  /** Writes an approved change to the listing (its fields, and whichever images it replaces) inside the decision's unit of work. */
  async applyChangeIn(
    trx: Kysely<Database>,
    id: string,
    change: Omit<HeldChange, 'productId' | 'userId' | 'baseUpdatedAt' | 'createdAt'>,
    updatedAt: string,
  ): Promise<void> {
    // Inside the decision's transaction: every read goes through it.
    const row = await this.productsIn(trx).listedPrices(id);
    if (row) await this.assertPricesMayChange(row, columnsOf(change.form), trx);
    await this.productsIn(trx).update(
      id,
      {
        ...columnsOf(change.form),
        ...(change.featureImg ? { feature_img_key: change.featureImg } : {}),
        ...(change.thumbnail ? { thumbnail_key: change.thumbnail } : {}),
        updated_at: updatedAt,
      },
      translationsOf(change.form),
      change.screenshots,
    );
    if (row) await this.recordPricesIfChanged(trx, row, columnsOf(change.form), updatedAt);
  }

  /**
   * A sale's struck-through price must be the price, and its lowest price of the last 30 days stay
   * true: a product's prices stay as they are while a sale on it is scheduled or running.
   */
  private async assertPricesMayChange(row: ListedPrices & { id: string }, next: ListedPrices, db?: Kysely<Database>): Promise<void> {
    if (!pricesDiffer(row, next)) return;
    const until = await this.pricesHeldUntil(row.id, db);
    if (until)
      throw conflict(
        `This product is in a sale until ${until.slice(0, 16).replace('T', ' ')} UTC; change its prices once the sale has ended`,
        'singleAppLicense',
      );
  }

  private async recordPricesIfChanged(
    trx: Kysely<Database>,
    row: ListedPrices & { id: string },
    next: ListedPrices,
    at: string,
  ): Promise<void> {
    if (pricesDiffer(row, next)) await this.productsIn(trx).recordPrices(row.id, pricesOf(next), at);
  }

  private productsIn(trx: Kysely<Database>): ProductsRepository {
    return new ProductsRepository(trx, this.dialect);
  }

  private async moderated(actor: SessionUser, id: string): Promise<ProductRow> {
    if (!canModerate(actor)) throw forbidden('Only an admin can do this');
    const row = await this.catalogue.findRow(id);
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

/** A v1 update as the edit form's text fields: JSON text by language, prices in dollars. */
function editFieldsOf(update: ApiV1ProductUpdate): Record<string, string> {
  const fields: Record<string, string> = {};
  if (update.title) fields.title = JSON.stringify(update.title);
  if (update.description) fields.description = JSON.stringify(update.description);
  if (update.keywords) fields.keywords = JSON.stringify(update.keywords);
  if (update.features !== undefined) fields.features = update.features;
  if (update.singleAppLicenseCents !== undefined) fields.singleAppLicense = dollars(update.singleAppLicenseCents).toString();
  if (update.multiAppLicenseCents !== undefined) fields.multiAppLicense = dollars(update.multiAppLicenseCents).toString();
  return fields;
}

/** The edit form names its price fields in dollars; v1's are in cents, and a refusal names the field the client sent. */
const V1_FIELDS: Record<string, string> = { singleAppLicense: 'singleAppLicenseCents', multiAppLicense: 'multiAppLicenseCents' };
function inV1Fields(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.field === undefined || !(error.field in V1_FIELDS)) return error;
  return new HttpError(error.statusCode, error.message, V1_FIELDS[error.field], error.details, error.retryAfterSeconds);
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

function columnsOf(form: ProductForm) {
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

function translationsOf(form: ProductForm): TranslationRow[] {
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
