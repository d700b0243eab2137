import {
  centsToDollars,
  DISCOUNT_MESSAGES,
  dollarsToCents,
  formatUsd,
  licencePrice,
  type CartPrice,
  type CartPriceBody,
  BUNDLE_MESSAGES,
  type CheckoutLine,
  isBundleLine,
  type CreatePaymentIntentBody,
  type CreatePaymentIntentResponse,
  type LicenseType,
  type PaymentConfig,
  type ProductCheckoutLine,
  type SessionUser,
  type SimulatedConfirmBody,
  type TextBoolean,
  type UpgradeLicenceBody,
  UPGRADE_MESSAGES,
  upgradePrice,
} from '@market/contracts';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import {
  SimulatedPaymentProvider,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderRefund,
  type RecordedProviderRefund,
  WebhookSignatureError,
} from '../../platform/payments/index.js';
import { chargedCents, type NewOrderLine, type Order, type OrdersService, sellsLicence } from '../orders/index.js';
import type { BundleInCart } from '../bundles/index.js';
import type { AppliedDiscount, DiscountsService } from '../discounts/index.js';
import type { RunningSales } from '../catalogue/index.js';
import { type InTransaction, isUniqueViolation } from '../../db/index.js';
import { PaymentsRepository } from './payments.repository.js';
import { ownsPayment } from './policies.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A licence line of the order, priced from the catalogue at checkout, with the reskin quoted with it. */
export interface PaidLine {
  /** The order line's id: the licence's and the ledger's link to the sale. */
  lineId: string;
  productId: string;
  licenseType: LicenseType;
  isReskin: TextBoolean;
  /** What the buyer pays: the list price less a discount code's cents. */
  priceCents: number;
  listCents: number;
  /** What a platform code took off the line: the platform pays it to the seller. */
  platformDiscountCents: number;
  /** The product's reskin price when the buyer asked for a reskin; shown, never charged here. */
  reskinPriceCents: number | null;
  /** The bundle the line was bought in (docs/decisions/0011), or null. */
  bundleId: string | null;
  /** The licence an upgrade line makes Multi (docs/decisions/0010); null on a licence line, which issues its own. */
  upgradesLicenceId: string | null;
  /** The custom work order and milestone the line funds (docs/decisions/0013); null on every other line. */
  fundsCustomWork: { id: string; milestone: number } | null;
}

/** What upgrading a Single licence of a product to Multi costs today (docs/decisions/0010). */
export interface UpgradeQuote {
  sellerId: string;
  listCents: number;
  paidCents: number;
}

/** An intent as this marketplace recorded it when the checkout started. */
export interface RecordedPayment {
  /** The order's id, which is the purchase's once paid. */
  id: string;
  /** Set once the payment is recorded. */
  paidAt: string | null;
  /** Who took the money: `stripe`, or `simulated` where no provider is configured. */
  provider: string;
  intentId: string;
  userId: string;
  amountCents: number;
  currency: string;
  lines: PaidLine[];
}

const PAYMENT_NOT_SUCCEEDED = 'The payment has not succeeded';
/** Given up: the provider will never take money for these. */
const CLOSED_STATUSES = new Set(['canceled']);

function toRecordedPayment(order: Order): RecordedPayment {
  const reskins = order.lines.filter((line) => line.kind === 'reskin');
  return {
    id: order.id,
    paidAt: order.paidAt,
    provider: order.provider,
    intentId: order.intentId,
    userId: order.buyerId,
    amountCents: order.totalCents,
    currency: order.currency,
    lines: order.lines
      .filter((line) => line.kind !== 'reskin')
      .map((line) => {
        const reskin = reskins.find((candidate) => candidate.productId === line.productId);
        return {
          lineId: line.id,
          productId: line.productId,
          licenseType: line.licenseType,
          isReskin: reskin ? 'true' : 'false',
          priceCents: line.paidCents,
          listCents: line.listCents,
          platformDiscountCents: line.platformDiscountCents,
          reskinPriceCents: reskin ? reskin.listCents : null,
          bundleId: line.bundleId ?? null,
          upgradesLicenceId: line.kind === 'upgrade' ? line.licenceId : null,
          fundsCustomWork: line.customWork ?? null,
        };
      }),
  };
}

/**
 * One licence per product per order: a bundle's product also in the cart on its own, or in a
 * second bundle of it, would sell the buyer the same licence twice (docs/decisions/0011).
 */
function assertEachProductOnce(alone: readonly string[], bundles: readonly BundleInCart[]): void {
  const seen = new Map<string, string | null>(alone.map((productId) => [productId, null]));
  for (const bundle of bundles) {
    for (const line of bundle.lines) {
      if (seen.has(line.productId)) {
        const other = seen.get(line.productId);
        throw badRequest(
          other
            ? `"${line.title}" is in the bundles "${other}" and "${bundle.name}"; keep one of them`
            : BUNDLE_MESSAGES.memberTwice(line.title, bundle.name),
        );
      }
      seen.set(line.productId, bundle.name);
    }
  }
}

/** Checkout: the server prices the cart, opens the provider's intent and asks the provider what was paid. */
/** A seller's own licence would pay the seller with the seller's money, less the platform's fee. */
export const OWN_PRODUCT_MESSAGE = 'You cannot buy your own product.';

export interface PaymentsServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  provider: PaymentProvider;
  orders: OrdersService;
  discounts: DiscountsService;
  /** The sale running now on each of the products, priced from their listed prices (modules/sales). */
  runningSales?: RunningSales;
  /** The bundles a cart names, each priced as one line per product (modules/bundles). */
  bundlesInCart?: BundlesInCart;
  /** Custom work's milestones, funded through this checkout (modules/custom-work, docs/decisions/0013). */
  customWork?: CustomWorkCheckout;
  /** The seller's analytics count each checkout of a cart per product, with its referrer (docs/decisions/0020). */
  analytics?: { checkoutStarted(productIds: readonly string[], referrer: string | null): void };
  clock: Clock;
}

/** What the checkout asks of custom work before it takes a milestone's money (docs/decisions/0013). */
export interface CustomWorkCheckout {
  /** The milestone the buyer may fund now, or the HTTP error saying why not. */
  toFund(
    actor: SessionUser,
    customWorkId: string,
  ): Promise<{ productId: string; sellerId: string; milestone: number; amountCents: number }>;
  /** Inside the checkout's transaction: locks the order's row and checks it still waits for this milestone's money. */
  holdIn(trx: Kysely<Database>, customWorkId: string, milestone: number): Promise<void>;
}

const CUSTOM_WORK_PAID_MESSAGE = 'This milestone is already paid';

export type BundlesInCart = (
  buyerId: string,
  lines: ReadonlyArray<{ bundleId: string; licenseType: LicenseType }>,
) => Promise<BundleInCart[]>;

/** A cart priced by the server: its order lines (licences with their discounts, reskins quoted) and the code's fate. */
interface PricedCart {
  lines: NewOrderLine[];
  /** What the provider charges: the licence lines' list prices less their discounts. */
  totalCents: number;
  /** What a running sale took off each product's licence line, by product. */
  saleCents: Map<string, number>;
  code: { code: string; message: string; applied: AppliedDiscount | null } | null;
}

export class PaymentsService {
  private readonly payments: PaymentsRepository;
  private readonly inTransaction: InTransaction;
  private readonly provider: PaymentProvider;
  private readonly orders: OrdersService;
  private readonly discounts: DiscountsService;
  private readonly runningSales: RunningSales;
  private readonly bundlesInCart: BundlesInCart;
  private readonly customWork: CustomWorkCheckout | null;
  private readonly analytics: PaymentsServiceDependencies['analytics'];
  private readonly clock: Clock;

  constructor({
    db,
    inTransaction,
    provider,
    orders,
    discounts,
    runningSales,
    bundlesInCart,
    customWork,
    analytics,
    clock,
  }: PaymentsServiceDependencies) {
    this.customWork = customWork ?? null;
    this.analytics = analytics;
    this.runningSales = runningSales ?? (async () => new Map());
    this.bundlesInCart = bundlesInCart ?? (async () => []);
    this.payments = new PaymentsRepository(db);
    this.inTransaction = inTransaction;
    this.provider = provider;
    this.orders = orders;
    this.discounts = discounts;
    this.clock = clock;
  }

  config(): PaymentConfig {
    return { provider: this.provider.name, publishableKey: this.provider.publishableKey };
  }

  /**
   * The cart as the checkout will charge it: stored prices, and the code's discount on its own
   * seller's lines. Nothing is held; a code used up by the time the checkout starts is refused then.
   */
  async price(actor: SessionUser, body: CartPriceBody): Promise<CartPrice> {
    const priced = await this.priceCart(actor, body.products, body.code);
    const licences = priced.lines.filter((line) => sellsLicence(line.kind));
    const subtotal = licences.reduce((sum, line) => sum + line.listCents, 0);
    return {
      lines: licences.map((line) => ({
        productId: line.productId,
        ...(line.bundleId ? { bundleId: line.bundleId } : {}),
        licenseType: line.licenseType,
        listPrice: centsToDollars(line.listCents),
        saleDiscount: centsToDollars(priced.saleCents.get(line.productId) ?? 0),
        discount: centsToDollars(line.discountCents ?? 0),
        price: centsToDollars(line.listCents - (line.discountCents ?? 0)),
      })),
      subtotal: centsToDollars(subtotal),
      discount: centsToDollars(subtotal - priced.totalCents),
      total: centsToDollars(priced.totalCents),
      code: priced.code && { code: priced.code.code, applied: priced.code.applied !== null, message: priced.code.message },
    };
  }

  async createIntent(actor: SessionUser, body: CreatePaymentIntentBody): Promise<CreatePaymentIntentResponse> {
    if (body.customWorkId !== undefined) return this.openCustomWork(actor, body.customWorkId, body);
    const priced = await this.priceCart(actor, body.products ?? [], body.code);
    if (priced.code && !priced.code.applied) throw badRequest(priced.code.message, 'code');
    const amount = priced.totalCents;
    if (body.amount !== undefined && body.amount !== amount) {
      throw badRequest(`The amount does not match the prices of the products: the total is ${formatUsd(amount)}`);
    }
    const orderId = newId();
    const intent = await this.provider.createIntent(amount, body.currency, { userId: actor._id, paymentId: orderId });
    const applied = priced.code?.applied ?? null;
    try {
      // The order and the code's use together: a checkout refused the last use leaves no order behind.
      await this.inTransaction(async (trx) => {
        await this.orders.openIn(trx, {
          id: orderId,
          buyerId: actor._id,
          provider: this.provider.name,
          intentId: intent.id,
          currency: body.currency,
          lines: priced.lines,
          referrer: body.referrer ?? null,
        });
        if (applied) await this.discounts.holdIn(trx, applied, orderId, actor._id);
      });
    } catch (error) {
      // Nobody can pay an intent whose order was never kept.
      await this.provider.cancel(intent.id).catch(() => undefined);
      if (applied && isUniqueViolation(error)) throw badRequest(DISCOUNT_MESSAGES.alreadyUsed, 'code');
      throw error;
    }
    this.analytics?.checkoutStarted(
      priced.lines.map((line) => line.productId),
      body.referrer ?? null,
    );
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount };
  }

  /**
   * A custom work milestone's checkout (docs/decisions/0013), as an upgrade's: priced by the order,
   * an earlier checkout of the same milestone still open closed first, and the pending order of its
   * one `custom_work` line written under the work's row lock, so the buyer never pays a milestone twice.
   */
  private async openCustomWork(
    actor: SessionUser,
    customWorkId: string,
    body: Pick<CreatePaymentIntentBody, 'amount' | 'currency'>,
  ): Promise<CreatePaymentIntentResponse> {
    if (!this.customWork) throw notFound('Custom work not found');
    const customWork = this.customWork;
    const milestone = await customWork.toFund(actor, customWorkId);
    const amount = milestone.amountCents;
    if (body.amount !== undefined && body.amount !== amount) {
      throw badRequest(`The amount does not match the milestone: it is ${formatUsd(amount)}`);
    }
    for (const open of await this.orders.pendingCustomWorkOf(customWorkId)) {
      if (!(await this.closedAtProvider(open))) throw conflict(CUSTOM_WORK_PAID_MESSAGE);
      await this.closeUnpaid(open.id, 'cancel');
    }
    const orderId = newId();
    const intent = await this.provider.createIntent(amount, body.currency, { userId: actor._id, paymentId: orderId });
    try {
      await this.inTransaction(async (trx) => {
        await customWork.holdIn(trx, customWorkId, milestone.milestone);
        if ((await this.orders.pendingCustomWorkOf(customWorkId, trx)).length > 0) throw conflict(CUSTOM_WORK_PAID_MESSAGE);
        await this.orders.openIn(trx, {
          id: orderId,
          buyerId: actor._id,
          provider: this.provider.name,
          intentId: intent.id,
          currency: body.currency,
          lines: [
            {
              kind: 'custom_work',
              productId: milestone.productId,
              // The column asks for one; custom work sells no licence, and nothing reads it on this line.
              licenseType: 'Single App License',
              sellerId: milestone.sellerId,
              listCents: amount,
              customWork: { id: customWorkId, milestone: milestone.milestone },
            },
          ],
        });
      });
    } catch (error) {
      // Nobody can pay an intent whose order was never kept.
      await this.provider.cancel(intent.id).catch(() => undefined);
      throw error;
    }
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount };
  }

  /**
   * Today's price of upgrading a Single licence of each product to Multi (docs/decisions/0010): the
   * difference of its licences' prices, a running sale's included. A product not for sale is left out.
   */
  async upgradePrices(productIds: readonly string[]): Promise<Map<string, UpgradeQuote>> {
    const products = (await this.payments.saleProducts(productIds)).filter((row) => row.status === 'Approved');
    const sales = await this.runningSales(
      products.map((row) => ({
        id: row.id,
        singleCents: Number(row.single_app_license_cents),
        multiCents: Number(row.multi_app_license_cents),
      })),
    );
    return new Map(
      products.map((row) => {
        const single = Number(row.single_app_license_cents);
        const multi = Number(row.multi_app_license_cents);
        const sale = sales.get(row.id);
        const price = upgradePrice({
          listedSingleCents: single,
          listedMultiCents: multi,
          todaySingleCents: sale ? dollarsToCents(sale.singleAppLicense) : single,
          todayMultiCents: sale ? dollarsToCents(sale.multiAppLicense) : multi,
        });
        return [row.id, { sellerId: row.user_id, ...price }];
      }),
    );
  }

  /**
   * An upgrade's checkout, as the cart's: priced here, the provider's intent opened, and the pending
   * order of its one `upgrade` line written with `holdIn` (the licence's own checks and lock) in one
   * transaction. An earlier checkout of the same upgrade still open is closed first, so the buyer
   * never pays twice; one the provider says was paid refuses this one.
   */
  async openUpgrade(
    actor: SessionUser,
    upgrade: UpgradeLicenceBody & { licenceId: string; productId: string },
    holdIn: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<CreatePaymentIntentResponse> {
    const price = (await this.upgradePrices([upgrade.productId])).get(upgrade.productId);
    if (!price) throw conflict(UPGRADE_MESSAGES.notForSale);
    if (price.sellerId === actor._id) throw badRequest(OWN_PRODUCT_MESSAGE);
    const amount = price.paidCents;
    if (upgrade.amount !== undefined && upgrade.amount !== amount) {
      throw badRequest(`The amount does not match the price of the upgrade: it is ${formatUsd(amount)}`);
    }
    for (const open of await this.orders.pendingUpgradesOf(upgrade.licenceId)) {
      if (!(await this.closedAtProvider(open))) throw conflict(UPGRADE_MESSAGES.alreadyPaid);
      await this.closeUnpaid(open.id, 'cancel');
    }
    const orderId = newId();
    const intent = await this.provider.createIntent(amount, upgrade.currency, { userId: actor._id, paymentId: orderId });
    try {
      await this.inTransaction(async (trx) => {
        await holdIn(trx);
        // Another window opened one between our look and the licence's lock.
        if ((await this.orders.pendingUpgradesOf(upgrade.licenceId, trx)).length > 0) throw conflict(UPGRADE_MESSAGES.checkoutOpen);
        await this.orders.openIn(trx, {
          id: orderId,
          buyerId: actor._id,
          provider: this.provider.name,
          intentId: intent.id,
          currency: upgrade.currency,
          lines: [
            {
              kind: 'upgrade',
              productId: upgrade.productId,
              licenseType: 'Multi App License',
              sellerId: price.sellerId,
              listCents: price.listCents,
              discountCents: price.listCents - price.paidCents,
              licenceId: upgrade.licenceId,
            },
          ],
        });
      });
    } catch (error) {
      // Nobody can pay an intent whose order was never kept.
      await this.provider.cancel(intent.id).catch(() => undefined);
      throw error;
    }
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount };
  }

  private async priceCart(actor: SessionUser, lines: readonly CheckoutLine[], code: string | undefined): Promise<PricedCart> {
    const cart = lines.filter((line): line is ProductCheckoutLine => !isBundleLine(line));
    // A bundle is one line per product at its share of the bundle's price; codes and sales do not reach it (docs/decisions/0011).
    const bundles = await this.bundlesInCart(actor._id, lines.filter(isBundleLine));
    const products = new Map((await this.payments.saleProducts(cart.map((line) => line.productId))).map((row) => [row.id, row]));
    const sales = await this.runningSales(
      [...products.values()].map((row) => ({
        id: row.id,
        singleCents: Number(row.single_app_license_cents),
        multiCents: Number(row.multi_app_license_cents),
      })),
    );
    const licences = cart.map((line) => {
      const product = products.get(line.productId);
      if (!product || product.status !== 'Approved') {
        throw badRequest(
          `${product?.title ? `"${product.title}"` : `Product ${line.productId}`} is no longer for sale; remove it from the cart`,
        );
      }
      if (product.user_id === actor._id) throw badRequest(OWN_PRODUCT_MESSAGE);
      const listCents = licencePrice({
        licenseType: line.licenseType,
        singleAppLicenseCents: Number(product.single_app_license_cents),
        multiAppLicenseCents: Number(product.multi_app_license_cents),
      });
      // A sale's price is the price the code then reduces; the line keeps the listed price and all that came off it.
      const sale = sales.get(line.productId);
      const saleCents = sale
        ? dollarsToCents(line.licenseType === 'Multi App License' ? sale.multiAppLicense : sale.singleAppLicense)
        : listCents;
      return { line, product, listCents, saleCents };
    });
    const evaluation =
      code === undefined
        ? null
        : await this.discounts.evaluate(
            code,
            actor._id,
            licences.map(({ line, product, saleCents }) => ({
              productId: line.productId,
              sellerId: product.user_id,
              licenseType: line.licenseType,
              listCents: saleCents,
            })),
          );
    const applied = evaluation?.applies ? evaluation.discount : null;
    assertEachProductOnce(
      licences.map(({ line }) => line.productId),
      bundles,
    );
    // A reskin is its own line, quoted with the licence and never charged by the cart (docs/decisions/0008).
    const priced: NewOrderLine[] = licences.flatMap(({ line, product, listCents, saleCents }, index) => {
      const common = { productId: line.productId, licenseType: line.licenseType, sellerId: product.user_id };
      const codeCents = applied?.lineDiscounts[index] ?? 0;
      const discountCents = listCents - saleCents + codeCents;
      // A platform code's cents are the platform's to pay; the seller still earns the price before them.
      const platformDiscountCents = applied?.platform ? codeCents : 0;
      const licence: NewOrderLine = { ...common, kind: 'licence', listCents, discountCents, platformDiscountCents };
      if (line.isReskin !== 'true') return [licence];
      return [
        licence,
        { ...common, kind: 'reskin', listCents: product.reskin_price_cents === null ? 0 : Number(product.reskin_price_cents) },
      ];
    });
    const bundled: NewOrderLine[] = bundles.flatMap((bundle) =>
      bundle.lines.map((line) => ({
        kind: 'bundle' as const,
        productId: line.productId,
        licenseType: line.licenseType,
        sellerId: line.sellerId,
        listCents: line.listCents,
        discountCents: line.discountCents,
        bundleId: bundle.bundleId,
      })),
    );
    const orderLines = [...priced, ...bundled];
    return {
      lines: orderLines,
      totalCents: chargedCents(orderLines),
      saleCents: new Map(licences.map(({ line, listCents, saleCents }) => [line.productId, listCents - saleCents])),
      code: evaluation && code !== undefined ? { code, message: evaluation.message, applied } : null,
    };
  }

  /**
   * The simulated card form: only the intent's owner may pay it, only while the simulation is the
   * provider. A card the form should mark answers 400 with the card field; a declined one 402.
   */
  async confirmSimulated(actor: SessionUser, body: SimulatedConfirmBody): Promise<{ intentId: string }> {
    if (!(this.provider instanceof SimulatedPaymentProvider)) throw notFound('Card payments go through Stripe on this server');
    const intent = await this.provider.intentOfClientSecret(body.clientSecret);
    const payment = intent ? await this.findPayment(intent.id) : null;
    if (!intent || !payment) throw notFound('Unknown payment');
    if (!ownsPayment(actor, payment)) throw forbidden('This payment belongs to another account');
    if (intent.status === 'succeeded') return { intentId: intent.id };
    const result = await this.provider.confirm(intent.id, {
      number: body.number,
      expMonth: body.expMonth,
      expYear: body.expYear,
      cvc: body.cvc,
    });
    if (result.outcome === 'invalid-card') throw new HttpError(400, result.message, undefined, { field: result.field });
    if (result.outcome === 'declined') throw new HttpError(402, result.message);
    return { intentId: result.intentId };
  }

  async findPayment(intentId: string): Promise<RecordedPayment | null> {
    const order = await this.orders.byIntent(this.provider.name, intentId);
    return order ? toRecordedPayment(order) : null;
  }

  /**
   * Asks the provider, never the browser: the intent must have succeeded, for the user and the
   * amount and currency this marketplace recorded when the checkout started.
   */
  async assertProviderConfirms(payment: RecordedPayment): Promise<void> {
    const intent = await this.provider.retrieve(payment.intentId);
    if (!intent) throw notFound('Unknown payment');
    if (intent.status !== 'succeeded') throw new HttpError(402, PAYMENT_NOT_SUCCEEDED);
    if (intent.metadata.userId !== payment.userId) throw forbidden('This payment belongs to another account');
    if (intent.amount !== payment.amountCents || intent.currency.toLowerCase() !== payment.currency) {
      throw new HttpError(409, 'The amount paid does not match the order');
    }
  }

  async hasOpenCheckoutSince(productId: string, sinceIso: string): Promise<boolean> {
    return (await this.orders.pendingOf(productId, sinceIso)).length > 0;
  }

  /**
   * Cancels, at the provider, every checkout for the product still waiting for a card; answers false
   * when one had been paid meanwhile (its purchase is recorded by the buyer's page or the webhook).
   */
  async closeCheckoutsOf(productId: string): Promise<boolean> {
    let allClosed = true;
    for (const order of await this.orders.pendingOf(productId, null)) {
      if (await this.closedAtProvider(order)) await this.closeUnpaid(order.id, 'cancel');
      else allClosed = false;
    }
    return allClosed;
  }

  /**
   * Forgets checkouts opened before `beforeIso` that never became a purchase, closing them at the
   * provider first. One the provider says was paid is kept for a human and reported, never deleted.
   */
  async forgetAbandoned(beforeIso: string, limit: number): Promise<{ forgotten: number; paidUnrecorded: string[] }> {
    let forgotten = 0;
    const paidUnrecorded: string[] = [];
    for (const order of await this.orders.unpaidBefore(beforeIso, limit)) {
      if (!(await this.closedAtProvider(order))) {
        paidUnrecorded.push(order.provider_intent_id);
        continue;
      }
      await this.closeUnpaid(order.id, 'forget');
      forgotten += 1;
    }
    return { forgotten, paidUnrecorded };
  }

  /**
   * Closes, at the provider, checkouts that have held a discount code's use longer than its hold, and
   * gives the use back; answers how many. One paid meanwhile keeps its use: the reconciliation or
   * the webhook records it.
   */
  async closeStaleCodeHolds(limit: number): Promise<number> {
    let closed = 0;
    for (const orderId of await this.discounts.staleHolds(limit)) {
      const order = await this.orders.byId(orderId);
      if (!order || order.status !== 'pending') continue;
      if (!(await this.closedAtProvider({ provider_intent_id: order.intentId }))) continue;
      await this.closeUnpaid(order.id, 'cancel');
      closed += 1;
    }
    return closed;
  }

  /** An unpaid order canceled (or forgotten) with its code's use given back, in one transaction. */
  private async closeUnpaid(orderId: string, how: 'cancel' | 'forget'): Promise<void> {
    await this.inTransaction(async (trx) => {
      await this.discounts.releaseIn(trx, orderId);
      if (how === 'cancel') await this.orders.cancelIn(trx, orderId);
      else await this.orders.forgetIn(trx, orderId);
    });
  }

  /** Cancels the checkout at the provider unless it is closed already; false when the provider says it was paid. */
  private async closedAtProvider(order: { provider_intent_id: string; status?: string }): Promise<boolean> {
    if (order.status && CLOSED_STATUSES.has(order.status)) return true;
    return (await this.provider.cancel(order.provider_intent_id)) !== 'succeeded';
  }

  /** Cents the provider has given back of the intent so far (ours and its dashboard's); null when it knows no such intent. */
  async refundedCentsOf(intentId: string): Promise<number | null> {
    return (await this.provider.retrieve(intentId))?.amountRefunded ?? null;
  }

  /** The provider's refunds of the intent, with their metadata; null when it keeps only a refunded total. */
  refundsAtProvider(intentId: string): Promise<RecordedProviderRefund[] | null> {
    return this.provider.refundsOf(intentId);
  }

  /** Checkouts opened between the two times and not recorded as a purchase yet, newest first. */
  async unrecordedBetween(afterIso: string, beforeIso: string, limit: number): Promise<RecordedPayment[]> {
    return (await this.orders.pendingBetween(afterIso, beforeIso, limit)).map(toRecordedPayment);
  }

  /** Gives a line's price back to the buyer's card; the key makes a retried attempt refund nothing twice. */
  refund(intentId: string, amountCents: number, idempotencyKey: string, metadata: Record<string, string>): Promise<ProviderRefund> {
    return this.provider.refund(intentId, amountCents, idempotencyKey, metadata);
  }

  /** The provider's event, once its signature holds; a forged, stale or unsigned delivery answers 400. */
  readWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    try {
      return this.provider.parseWebhook(rawBody, signatureHeader, this.clock.now());
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw badRequest(`Webhook refused: ${error.message}`);
      throw error;
    }
  }
}
