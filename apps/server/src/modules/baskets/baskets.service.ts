import type { Basket, BasketItem, BasketKind, BasketLine, ProductSummary, SessionUser } from '@market/contracts';
import type { Clock } from '../../platform/clock.js';
import { badRequest } from '../../platform/errors.js';
import type { Kysely } from 'kysely';
import type { InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { BasketsRepository } from './baskets.repository.js';

export const OWN_PRODUCT_IN_BASKET = 'Your own product cannot go in your cart or wishlist.';
export const NOT_FOR_SALE_IN_BASKET = 'This product is not for sale.';

export interface ProductsForSale {
  cardsForSale(ids: readonly string[]): Promise<Array<{ card: ProductSummary; ownerId: string; forSale: boolean }>>;
}

/**
 * A signed-in person's cart and wishlist, kept with the account (docs/product-spec.md section 3
 * keeps a visitor's in the browser under `cartProduct` and `whishList`). The browser hands its own
 * lines over at sign-in (`add`) and writes each change after (`replace`); it forgets them at sign-out.
 */
export interface BasketsServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  catalogue: ProductsForSale;
  clock: Clock;
}

export class BasketsService {
  private readonly lines: BasketsRepository;
  private readonly inTransaction: InTransaction;
  private readonly catalogue: ProductsForSale;
  private readonly clock: Clock;

  constructor({ db, inTransaction, catalogue, clock }: BasketsServiceDependencies) {
    this.lines = new BasketsRepository(db);
    this.inTransaction = inTransaction;
    this.catalogue = catalogue;
    this.clock = clock;
  }

  /** The list's lines whose products are for sale now; the others stay stored in case they return. */
  async list(actor: SessionUser, kind: BasketKind): Promise<Basket> {
    const rows = await this.lines.linesOf(actor._id, kind);
    const products = new Map(
      (await this.catalogue.cardsForSale(rows.map((row) => row.product_id))).map((entry) => [entry.card._id, entry]),
    );
    const items: BasketItem[] = rows.flatMap((row) => {
      const product = products.get(row.product_id);
      if (!product || !product.forSale || product.ownerId === actor._id) return [];
      const { rating: _rating, moderation: _moderation, ...card } = product.card;
      return [{ ...card, selectedLicense: row.license_type, isReskin: row.is_reskin === 1 ? 'true' : 'false' }];
    });
    return { items };
  }

  /** The list becomes these lines; a product one cannot buy (one's own, or not for sale) refuses the whole write. */
  async replace(actor: SessionUser, kind: BasketKind, lines: readonly BasketLine[]): Promise<Basket> {
    const products = new Map(
      (await this.catalogue.cardsForSale(lines.map((line) => line.productId))).map((entry) => [entry.card._id, entry]),
    );
    lines.forEach((line, index) => {
      const product = products.get(line.productId);
      const field = `items.${index}.productId`;
      if (!product || !product.forSale) throw badRequest(NOT_FOR_SALE_IN_BASKET, field);
      if (product.ownerId === actor._id) throw badRequest(OWN_PRODUCT_IN_BASKET, field);
    });
    await this.inTransaction((trx) => new BasketsRepository(trx).replace(actor._id, kind, lines, this.clock.now().toISOString()));
    return this.list(actor, kind);
  }

  /**
   * Merges the browser's lines into the account's at sign-in: lines already in the account keep
   * theirs, and lines the account cannot hold (the person's own products, products no longer for
   * sale) are left out rather than refusing the rest, since a visitor's browser may have kept them
   * for days.
   */
  async add(actor: SessionUser, kind: BasketKind, lines: readonly BasketLine[]): Promise<Basket> {
    const products = new Map(
      (await this.catalogue.cardsForSale(lines.map((line) => line.productId))).map((entry) => [entry.card._id, entry]),
    );
    const kept = lines.filter((line) => {
      const product = products.get(line.productId);
      return product !== undefined && product.forSale && product.ownerId !== actor._id;
    });
    await this.inTransaction((trx) => new BasketsRepository(trx).addMissing(actor._id, kind, kept, this.clock.now().toISOString()));
    return this.list(actor, kind);
  }
}
