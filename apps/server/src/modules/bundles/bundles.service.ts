import {
  apiPath,
  API_PATHS,
  type Bundle,
  type BundleBody,
  type BundleListQuery,
  BUNDLE_MESSAGES,
  bundleCeilingCents,
  categorySchema,
  centsToDollars,
  dollarsToCents,
  formatUsd,
  type LicenseType,
  MIN_BUNDLE_CENTS,
  MIN_BUNDLE_PRODUCTS,
  type SessionUser,
  slugToAuthor,
  splitBundlePrice,
  titleToSlug,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type BundleMemberRow, BundlesRepository, type BundleRow } from './bundles.repository.js';
import { managesBundle } from './policies.js';

type BundleWithSeller = BundleRow & { seller_name: string };

const LICENCE_FIELDS = {
  'Single App License': { field: 'singleAppLicense', column: 'single_app_license_cents' },
  'Multi App License': { field: 'multiAppLicense', column: 'multi_app_license_cents' },
} as const;

const priceOf = (bundle: Pick<BundleRow, 'single_app_license_cents' | 'multi_app_license_cents'>, type: LicenseType) =>
  Number(bundle[LICENCE_FIELDS[type].column]);

const sumOf = (members: readonly Pick<BundleMemberRow, 'single_app_license_cents' | 'multi_app_license_cents'>[], type: LicenseType) =>
  members.reduce((total, member) => total + Number(member[LICENCE_FIELDS[type].column]), 0);

/** Why buyers cannot buy the bundle now, or null when they can. */
function whyNotForSale(bundle: BundleRow, members: readonly BundleMemberRow[]): string | null {
  if (bundle.deleted_at !== null) return 'its seller deleted it';
  // A product never sold is deleted outright, and leaves its bundles with it.
  if (members.length < MIN_BUNDLE_PRODUCTS) return `it holds fewer than ${MIN_BUNDLE_PRODUCTS} products`;
  const gone = members.find((member) => member.status !== 'Approved');
  if (gone) return `"${gone.title ?? 'A product'}" is not on the store`;
  for (const type of Object.keys(LICENCE_FIELDS) as LicenseType[]) {
    if (priceOf(bundle, type) > bundleCeilingCents(sumOf(members, type))) {
      return `its ${type} price is no longer at least 10% below its products' prices`;
    }
  }
  return null;
}

/** One product's licence line of a bundle in a cart: its list price and its share of the bundle's saving. */
export interface BundledLine {
  productId: string;
  sellerId: string;
  title: string;
  licenseType: LicenseType;
  listCents: number;
  discountCents: number;
}

/** A bundle as a cart buys it: its name and one line per product, paying the bundle's price between them. */
export interface BundleInCart {
  bundleId: string;
  name: string;
  lines: BundledLine[];
}

export interface BundlesServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  clock: Clock;
  /** Product pages drawn on the server carry their bundles: the kept ones are dropped when a bundle changes. */
  catalogue: { changed(): void };
}

/** Sellers' bundles (docs/decisions/0011): 2–20 of their approved products at one price per licence type, 10% below their sum at least. */
export class BundlesService {
  private readonly bundles: BundlesRepository;
  private readonly inTransaction: InTransaction;
  private readonly clock: Clock;
  private readonly catalogue: { changed(): void };

  constructor({ db, inTransaction, clock, catalogue }: BundlesServiceDependencies) {
    this.bundles = new BundlesRepository(db);
    this.inTransaction = inTransaction;
    this.clock = clock;
    this.catalogue = catalogue;
  }

  /**
   * GET /api/bundle: without a query, the signed-in seller's bundles (for sale or not); with
   * `productId` or `portfolio`, the bundles buyers can buy that hold the product or one of the
   * portfolio's products.
   */
  async list(viewer: SessionUser | null, query: BundleListQuery): Promise<Bundle[]> {
    if (query.productId !== undefined || query.portfolio !== undefined) {
      const rows =
        query.productId !== undefined
          ? await this.bundles.holding(query.productId)
          : await this.bundles.ofAuthor(slugToAuthor(query.portfolio!).trim());
      return (await this.views(rows)).filter((bundle) => bundle.forSale);
    }
    if (!viewer) throw unauthorized();
    return this.views(await this.bundles.ofSeller(viewer._id));
  }

  /** One bundle: to anybody while it is for sale, and always to its seller and admins (until deleted). */
  async get(viewer: SessionUser | null, id: string): Promise<Bundle> {
    const [row] = await this.bundles.byIds([id]);
    if (!row || row.deleted_at !== null) throw notFound('No such bundle');
    const [bundle] = await this.views([row]);
    if (!bundle!.forSale && !(viewer && managesBundle(viewer, row))) throw notFound('This bundle is not for sale now');
    return bundle!;
  }

  async create(actor: SessionUser, body: BundleBody): Promise<Bundle> {
    const checked = await this.checked(actor._id, body);
    const now = this.clock.now().toISOString();
    const id = newId();
    await this.inTransaction(async (trx, afterCommit) => {
      afterCommit(() => this.catalogue.changed());
      await new BundlesRepository(trx).insert(
        { id, seller_id: actor._id, created_at: now, updated_at: now, deleted_at: null, ...checked.fields },
        checked.productIds,
      );
    });
    return this.get(actor, id);
  }

  async update(actor: SessionUser, id: string, body: BundleBody): Promise<Bundle> {
    const row = await this.managed(actor, id);
    const checked = await this.checked(row.seller_id, body);
    const now = this.clock.now().toISOString();
    await this.inTransaction(async (trx, afterCommit) => {
      afterCommit(() => this.catalogue.changed());
      await new BundlesRepository(trx).update(id, { ...checked.fields, updated_at: now }, checked.productIds);
    });
    return this.get(actor, id);
  }

  /** A deleted bundle is sold no more; its row stays for the orders that name it. */
  async remove(actor: SessionUser, id: string): Promise<void> {
    await this.managed(actor, id);
    const now = this.clock.now().toISOString();
    await this.inTransaction(async (trx, afterCommit) => {
      afterCommit(() => this.catalogue.changed());
      await new BundlesRepository(trx).markDeleted(id, now);
    });
  }

  /**
   * The bundles a cart names, each as one line per product of the licence type chosen: list price
   * the product's listed price (a sale does not reach a bundle), discount its share of the
   * bundle's saving, the shares adding up to the bundle's price to the cent. Refused (400) when one
   * is not for sale or is the buyer's own.
   */
  async inCart(buyerId: string, lines: ReadonlyArray<{ bundleId: string; licenseType: LicenseType }>): Promise<BundleInCart[]> {
    const rows = new Map((await this.bundles.byIds(lines.map((line) => line.bundleId))).map((row) => [row.id, row]));
    const members = await this.bundles.membersOf([...rows.keys()]);
    return lines.map(({ bundleId, licenseType }) => {
      const row = rows.get(bundleId);
      if (!row) throw badRequest(BUNDLE_MESSAGES.notForSale(null));
      const own = members.filter((member) => member.bundle_id === bundleId);
      const why = whyNotForSale(row, own);
      if (why !== null) throw badRequest(BUNDLE_MESSAGES.notForSale(row.name, why));
      if (row.seller_id === buyerId) throw badRequest(BUNDLE_MESSAGES.ownBundle);
      const listed = own.map((member) => Number(member[LICENCE_FIELDS[licenseType].column]));
      const paid = splitBundlePrice(listed, priceOf(row, licenseType));
      return {
        bundleId,
        name: row.name,
        lines: own.map((member, index) => ({
          productId: member.product_id,
          sellerId: member.seller_id,
          title: member.title ?? 'A product',
          licenseType,
          listCents: listed[index]!,
          discountCents: listed[index]! - paid[index]!,
        })),
      };
    });
  }

  private async managed(actor: SessionUser, id: string): Promise<BundleRow> {
    const [row] = await this.bundles.byIds([id]);
    if (!row || row.deleted_at !== null) throw notFound('No such bundle');
    if (!managesBundle(actor, row)) throw forbidden('This bundle is not yours');
    return row;
  }

  /** The body checked against the seller's products: their own, approved, and both prices at least 10% below their sums. */
  private async checked(sellerId: string, body: BundleBody) {
    const productIds = [...new Set(body.productIds)];
    const products = new Map((await this.bundles.products(productIds)).map((product) => [product.id, product]));
    const members = productIds.map((productId) => {
      const product = products.get(productId);
      if (!product || product.user_id !== sellerId) throw badRequest(BUNDLE_MESSAGES.notOwn, 'productIds');
      if (product.status !== 'Approved') throw badRequest(BUNDLE_MESSAGES.notApproved(product.title ?? 'A product'), 'productIds');
      return product;
    });
    const cents = {
      'Single App License': dollarsToCents(body.singleAppLicense),
      'Multi App License': dollarsToCents(body.multiAppLicense),
    };
    for (const type of Object.keys(LICENCE_FIELDS) as LicenseType[]) {
      const { field } = LICENCE_FIELDS[type];
      const sum = sumOf(members, type);
      const ceiling = bundleCeilingCents(sum);
      if (cents[type] < MIN_BUNDLE_CENTS) throw badRequest(`A bundle costs at least ${formatUsd(MIN_BUNDLE_CENTS)}`, field);
      if (cents[type] > ceiling) {
        throw badRequest(
          `The ${type} price must be at most ${formatUsd(ceiling)}: at least 10% below the ${formatUsd(sum)} its products cost one by one`,
          field,
        );
      }
    }
    return {
      productIds,
      fields: {
        name: body.name,
        single_app_license_cents: cents['Single App License'],
        multi_app_license_cents: cents['Multi App License'],
      },
    };
  }

  private async views(rows: readonly BundleWithSeller[]): Promise<Bundle[]> {
    const members = await this.bundles.membersOf(rows.map((row) => row.id));
    return rows.map((row) => {
      const own = members.filter((member) => member.bundle_id === row.id);
      const why = whyNotForSale(row, own);
      return {
        _id: row.id,
        name: row.name,
        seller: { _id: row.seller_id, name: row.seller_name },
        singleAppLicense: centsToDollars(Number(row.single_app_license_cents)),
        multiAppLicense: centsToDollars(Number(row.multi_app_license_cents)),
        listed: {
          singleAppLicense: centsToDollars(sumOf(own, 'Single App License')),
          multiAppLicense: centsToDollars(sumOf(own, 'Multi App License')),
        },
        forSale: why === null,
        whyNotForSale: why,
        products: own.map((member) => ({
          _id: member.product_id,
          slug: titleToSlug(member.title ?? ''),
          title: member.title ?? '',
          thumbnail: apiPath(API_PATHS.files.image, { key: member.thumbnail_key }),
          category: categorySchema.parse(member.category),
          singleAppLicense: centsToDollars(Number(member.single_app_license_cents)),
          multiAppLicense: centsToDollars(Number(member.multi_app_license_cents)),
          onStore: member.status === 'Approved',
        })),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    });
  }
}
