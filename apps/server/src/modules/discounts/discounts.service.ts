import {
  type CartLineAtPrice,
  centsToDollars,
  discountLines,
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_MESSAGES,
  dollarsToCents,
  LICENSE_TYPES,
  type Discount,
  type DiscountBody,
  type DiscountScope,
  type DiscountState,
  type DiscountTerms,
  type LicenseType,
  type SessionUser,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import { type InTransaction, isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type DiscountCodeRow, DiscountsRepository, type RedemptionFigures } from './discounts.repository.js';
import { managesDiscount, managesPlatformCodes } from './policies.js';

/** How long a checkout holds a use of a code before housekeeping closes it and gives the use back. */
export const DISCOUNT_HOLD_MINUTES = 30;

/** A code the cart may use: its terms and what it takes off each line. */
export interface AppliedDiscount {
  codeId: string;
  code: string;
  /** A platform code: the platform funds what it takes off, the seller still earns the price before it. */
  platform: boolean;
  /** Cents off each line, in the cart's order. */
  lineDiscounts: number[];
}

export type DiscountEvaluation = { applies: true; discount: AppliedDiscount; message: string } | { applies: false; message: string };

const codeKeyOf = (code: string) => code.trim().toUpperCase();

const termsOf = (row: DiscountCodeRow, productIds: readonly string[]): DiscountTerms => ({
  // A platform code's seller_id is the admin who made it: it reaches every seller's lines.
  sellerId: row.platform ? null : row.seller_id,
  kind: row.kind,
  amount: Number(row.amount),
  productIds,
  licenceTypes: JSON.parse(row.licence_types) as LicenseType[],
  minSubtotalCents: Number(row.min_subtotal_cents),
});

export interface DiscountsServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  clock: Clock;
}

const scopeOf = (row: DiscountCodeRow): DiscountScope => (row.platform ? 'platform' : 'seller');

/**
 * Discount codes (docs/decisions/0009): sellers' own, made and changed by their sellers, and the
 * platform's, by admins; held at checkout, kept when paid.
 */
export class DiscountsService {
  private readonly codes: DiscountsRepository;
  private readonly inTransaction: InTransaction;
  private readonly clock: Clock;

  constructor({ db, inTransaction, clock }: DiscountsServiceDependencies) {
    this.codes = new DiscountsRepository(db);
    this.inTransaction = inTransaction;
    this.clock = clock;
  }

  /** The seller's own codes, or (an admin) the platform's. */
  async list(actor: SessionUser, scope: DiscountScope = 'seller'): Promise<Discount[]> {
    if (scope === 'seller') return this.toDiscounts(await this.codes.ofSeller(actor._id));
    this.assertPlatformManager(actor);
    return this.toDiscounts(await this.codes.platformCodes());
  }

  /** A seller's code for their own products, or (an admin) a platform code for any seller's. */
  async create(actor: SessionUser, body: DiscountBody, scope: DiscountScope = 'seller'): Promise<Discount> {
    if (scope === 'platform') this.assertPlatformManager(actor);
    await this.assertProductsFor(scope, actor._id, body.productIds);
    const now = this.clock.now().toISOString();
    const id = newId();
    await this.writing(scope, body.code, () =>
      this.inTransaction((trx) =>
        new DiscountsRepository(trx).insert(
          {
            id,
            seller_id: actor._id,
            ...this.columnsOf(body),
            platform: scope === 'platform' ? 1 : 0,
            created_at: now,
            updated_at: now,
          },
          body.productIds,
        ),
      ),
    );
    return this.one(id);
  }

  async update(actor: SessionUser, id: string, body: DiscountBody, scope: DiscountScope = 'seller'): Promise<Discount> {
    const row = await this.managed(actor, id, scope);
    await this.assertProductsFor(scope, row.seller_id, body.productIds);
    const uses = Number(row.uses);
    if (body.maxRedemptions !== null && body.maxRedemptions < uses)
      throw badRequest(`This code has been used ${uses} times already; allow at least ${uses} uses`, 'maxRedemptions');
    await this.writing(scope, body.code, () =>
      this.inTransaction((trx) =>
        new DiscountsRepository(trx).update(id, { ...this.columnsOf(body), updated_at: this.clock.now().toISOString() }, body.productIds),
      ),
    );
    return this.one(id);
  }

  async remove(actor: SessionUser, id: string, scope: DiscountScope = 'seller'): Promise<void> {
    await this.managed(actor, id, scope);
    const now = this.clock.now().toISOString();
    await this.inTransaction((trx) => new DiscountsRepository(trx).remove(id, now));
  }

  /**
   * The code as it stands now for this buyer and cart: which seller's code it is (the one whose
   * products are in the cart, of several sellers' codes with the text, or the platform's), and what
   * it takes off each line; or why it takes nothing off.
   */
  async evaluate(code: string, buyerId: string, lines: readonly CartLineAtPrice[]): Promise<DiscountEvaluation> {
    // Typed look-alikes upper-case onto a code's letters ("fırst" → "FIRST"): they are not the code.
    const rows = DISCOUNT_CODE_PATTERN.test(code.trim()) ? await this.codes.withCode(codeKeyOf(code)) : [];
    if (rows.length === 0) return { applies: false, message: DISCOUNT_MESSAGES.unknown };
    const products = await this.codes.productsOf(rows.map((row) => row.id));
    const now = this.clock.now().getTime();
    let best: DiscountEvaluation | null = null;
    let bestOff = -1;
    for (const row of rows) {
      const terms = termsOf(row, products.get(row.id) ?? []);
      const sellersLines = row.platform ? lines.length > 0 : lines.some((line) => line.sellerId === row.seller_id);
      const refusal = await this.refusalOf(row, terms, buyerId, lines, now);
      const evaluation: DiscountEvaluation = refusal
        ? { applies: false, message: refusal }
        : {
            applies: true,
            message: DISCOUNT_MESSAGES.applied,
            discount: { codeId: row.id, code: row.code, platform: Boolean(row.platform), lineDiscounts: discountLines(terms, lines) },
          };
      // Of several sellers' codes (and the platform's) with this text, the one for products in the cart, taking most off.
      const off = evaluation.applies ? evaluation.discount.lineDiscounts.reduce((sum, cents) => sum + cents, 0) : sellersLines ? 0 : -1;
      if (best === null || off > bestOff || (off === bestOff && evaluation.applies && !best.applies)) {
        best = evaluation;
        bestOff = off;
      }
    }
    return best!;
  }

  /** Why the code takes nothing off this cart now; null when it applies. */
  private async refusalOf(
    row: DiscountCodeRow,
    terms: DiscountTerms,
    buyerId: string,
    lines: readonly CartLineAtPrice[],
    now: number,
  ): Promise<string | null> {
    const lapsed = timingRefusalOf(row, now);
    if (lapsed) return lapsed;
    // Its products were all deleted: an empty list here is not "all of the seller's products".
    if (row.names_products && terms.productIds.length === 0) return DISCOUNT_MESSAGES.notApplicable;
    const off = discountLines({ ...terms, minSubtotalCents: 0 }, lines);
    if (off.every((cents) => cents === 0)) return DISCOUNT_MESSAGES.notApplicable;
    if (discountLines(terms, lines).every((cents) => cents === 0)) return DISCOUNT_MESSAGES.minSubtotal(terms.minSubtotalCents);
    if (row.max_redemptions !== null && Number(row.uses) >= Number(row.max_redemptions)) return DISCOUNT_MESSAGES.usedUp;
    if (row.one_per_buyer && (await this.codes.usedBy(row.id, buyerId))) return DISCOUNT_MESSAGES.alreadyUsed;
    return null;
  }

  /**
   * Holds one use for the order, inside the checkout's transaction: the last use goes to one
   * checkout only, and a one-per-buyer code to one of the buyer's checkouts.
   */
  async holdIn(trx: Kysely<Database>, discount: AppliedDiscount, orderId: string, buyerId: string): Promise<void> {
    const codes = new DiscountsRepository(trx);
    const row = await codes.findById(discount.codeId);
    if (!row) throw badRequest(DISCOUNT_MESSAGES.unknown, 'code');
    const now = this.clock.now().toISOString();
    // Paused or out of its dates since the cart was priced (a second ago, during the provider's call).
    const lapsed = timingRefusalOf(row, Date.parse(now));
    if (lapsed) throw badRequest(lapsed, 'code');
    if (row.one_per_buyer && (await codes.usedBy(row.id, buyerId))) throw badRequest(DISCOUNT_MESSAGES.alreadyUsed, 'code');
    if (!(await codes.takeUse(row.id, now))) throw badRequest(DISCOUNT_MESSAGES.usedUp, 'code');
    const id = newId();
    await codes.insertHold({
      id,
      code_id: row.id,
      order_id: orderId,
      buyer_id: buyerId,
      buyer_key: row.one_per_buyer ? buyerId : id,
      discount_cents: discount.lineDiscounts.reduce((sum, cents) => sum + cents, 0),
      now,
    });
  }

  /** The order is paid: its held use is kept, with what the order paid for the code's seller's lines (all of them, for a platform code). */
  async markPaidIn(trx: Kysely<Database>, orderId: string, lines: ReadonlyArray<{ sellerId: string; paidCents: number }>): Promise<void> {
    const codes = new DiscountsRepository(trx);
    const held = await codes.heldOf(orderId);
    if (!held) return;
    const paidCents = lines
      .filter((line) => held.platform || line.sellerId === held.seller_id)
      .reduce((sum, line) => sum + line.paidCents, 0);
    await codes.markPaid(held.id, paidCents, this.clock.now().toISOString());
  }

  /** The order closed unpaid: its use goes back to the code. */
  releaseIn(trx: Kysely<Database>, orderId: string): Promise<boolean> {
    return new DiscountsRepository(trx).release(orderId, this.clock.now().toISOString());
  }

  /** Orders whose checkout has held a use longer than DISCOUNT_HOLD_MINUTES. */
  staleHolds(limit: number): Promise<string[]> {
    const before = new Date(this.clock.now().getTime() - DISCOUNT_HOLD_MINUTES * 60_000).toISOString();
    return this.codes.heldBefore(before, limit);
  }

  private columnsOf(body: DiscountBody) {
    return {
      code: body.code,
      code_key: codeKeyOf(body.code),
      kind: body.kind,
      amount: body.kind === 'percent' ? body.amount : dollarsToCents(body.amount),
      licence_types: JSON.stringify(body.licenceTypes),
      starts_at: body.startsAt,
      ends_at: body.endsAt,
      max_redemptions: body.maxRedemptions,
      one_per_buyer: body.onePerBuyer ? 1 : 0,
      min_subtotal_cents: dollarsToCents(body.minSubtotal),
      paused: body.paused ? 1 : 0,
      names_products: body.productIds.length > 0 ? 1 : 0,
    };
  }

  /**
   * A second live code with the same text for the same seller, or a second live platform code with
   * it, is refused by the database's unique indexes.
   */
  private async writing(scope: DiscountScope, code: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw conflict(
        scope === 'platform' ? `There is already a platform code ${codeKeyOf(code)}` : `You already have a code ${codeKeyOf(code)}`,
        'code',
      );
    }
  }

  /** A seller's code names only the seller's products; a platform code any product still listed. */
  private async assertProductsFor(scope: DiscountScope, sellerId: string, productIds: readonly string[]): Promise<void> {
    if (scope === 'platform') {
      const listed = await this.codes.listedProducts(productIds);
      if (productIds.some((id) => !listed.has(id))) throw badRequest('A code can name only products on the marketplace', 'productIds');
      return;
    }
    const owned = await this.codes.productsOwnedBy(sellerId, productIds);
    if (productIds.some((id) => !owned.has(id))) throw badRequest('A code can name only your own products', 'productIds');
  }

  private assertPlatformManager(actor: SessionUser): void {
    if (!managesPlatformCodes(actor)) throw forbidden('Only an admin can manage platform codes');
  }

  /** The code, of the scope the call names: a platform code is not reached through a seller's calls, nor the reverse. */
  private async managed(actor: SessionUser, id: string, scope: DiscountScope): Promise<DiscountCodeRow> {
    const row = await this.codes.findById(id);
    if (!row || scopeOf(row) !== scope) throw notFound('No such discount code');
    if (scope === 'platform') this.assertPlatformManager(actor);
    else if (!managesDiscount(actor, row)) throw forbidden('This code is not yours');
    return row;
  }

  private async one(id: string): Promise<Discount> {
    const row = await this.codes.findById(id);
    if (!row) throw notFound('No such discount code');
    const [discount] = await this.toDiscounts([row]);
    return discount!;
  }

  private async toDiscounts(rows: readonly DiscountCodeRow[]): Promise<Discount[]> {
    const ids = rows.map((row) => row.id);
    const [products, figures] = await Promise.all([this.codes.productsOf(ids), this.codes.figuresOf(ids)]);
    const now = this.clock.now().getTime();
    return rows.map((row) => {
      const figure: RedemptionFigures = figures.get(row.id) ?? { code_id: row.id, paid: 0, held: 0, paid_cents: 0, discount_cents: 0 };
      return {
        _id: row.id,
        code: row.code,
        kind: row.kind,
        amount: row.kind === 'percent' ? Number(row.amount) : centsToDollars(Number(row.amount)),
        productIds: products.get(row.id) ?? [],
        namesProducts: Boolean(row.names_products),
        licenceTypes: LICENSE_TYPES.filter((type) => (JSON.parse(row.licence_types) as string[]).includes(type)),
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        maxRedemptions: row.max_redemptions === null ? null : Number(row.max_redemptions),
        onePerBuyer: Boolean(row.one_per_buyer),
        minSubtotal: centsToDollars(Number(row.min_subtotal_cents)),
        paused: Boolean(row.paused),
        state: stateOf(row, now),
        redemptions: figure.paid,
        held: figure.held,
        revenue: centsToDollars(figure.paid_cents),
        discounted: centsToDollars(figure.discount_cents),
        createdAt: row.created_at,
      };
    });
  }
}

/** Why the code takes nothing off at this moment, whatever the cart: paused, not started, ended. */
function timingRefusalOf(row: DiscountCodeRow, now: number): string | null {
  if (row.paused) return DISCOUNT_MESSAGES.paused;
  if (row.starts_at && Date.parse(row.starts_at) > now) return DISCOUNT_MESSAGES.notYet;
  if (row.ends_at && Date.parse(row.ends_at) <= now) return DISCOUNT_MESSAGES.expired;
  return null;
}

function stateOf(row: DiscountCodeRow, now: number): DiscountState {
  if (row.ends_at && Date.parse(row.ends_at) <= now) return 'expired';
  if (row.paused) return 'paused';
  if (row.max_redemptions !== null && Number(row.uses) >= Number(row.max_redemptions)) return 'used up';
  if (row.starts_at && Date.parse(row.starts_at) > now) return 'scheduled';
  return 'active';
}
