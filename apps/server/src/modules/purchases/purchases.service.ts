import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import {
  apiPath,
  API_PATHS,
  categorySchema,
  centsToDollars,
  DOWNLOAD_WINDOW_CLOSED_MESSAGE,
  LICENCE_REVOKED_MESSAGE,
  downloadWindow,
  type DownloadWindow,
  licenseTypeSchema,
  titleToSlug,
  type Purchase,
  type PurchaseLine,
  type SessionUser,
  type TextBoolean,
  type OrderPaidData,
} from '@market/contracts';
import { ownsPayment, type PaymentsService, type RecordedPayment } from '../payments/index.js';
import type { LicencesService, NewLicence } from '../licences/index.js';
import type { DiscountsService } from '../discounts/index.js';
import type { OrdersService, SoldOrder } from '../orders/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { LedgerService } from '../ledger/index.js';
import { archiveFileName, type ReleaseRow } from '../releases/index.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { MailOutbox } from '../../platform/mail/index.js';
import type { FileStorage } from '../../platform/storage/index.js';
import { type PurchaseLineRow, PurchasesRepository } from './purchases.repository.js';
import { isBuyer, seesEveryPurchase } from './policies.js';
import { receiptMail } from './receipt.js';
import type { Kysely } from 'kysely';
import type { WebhookEvents } from '../webhooks/index.js';
import type { AfterCommit, InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

export interface RecordedPurchase {
  /** false when the intent had already been recorded (a repeat, a concurrent post or the webhook first). */
  created: boolean;
  purchase: Purchase;
}

export interface WebhookOutcome {
  /** Set when the event was genuine but names a payment that is not to be recorded. */
  notRecorded?: { intentId: string; reason: string };
}

export interface PurchaseDownload {
  stream: Readable;
  fileName: string;
  size: number;
}

const PAID_PRODUCT_GONE_MESSAGE =
  'Your payment went through, but a product in it has been removed from the marketplace since; the payment is kept, please contact us to resolve it';

const textBoolean = (value: boolean): TextBoolean => (value ? 'true' : 'false');

/** What the webhook needs of refunds: a refund the provider reports, recorded once. */
export interface ProviderRefunds {
  fromProvider(intentId: string, amountRefundedCents: number): Promise<void>;
}

/** What the webhook needs of sellers' Stripe accounts (modules/connect): a changed account looked at again. */
export interface ConnectedAccountUpdates {
  accountUpdated(stripeAccountId: string): Promise<void>;
}

/** What the webhook needs of disputes (modules/payments): a dispute the provider reports, looked at as it is now. */
export interface ProviderDisputes {
  fromProvider(disputeId: string): Promise<void>;
}

/** What the webhook needs of payouts through Connect (modules/connect): a transfer Stripe reports reversed, looked at as it is now. */
export interface ProviderTransfers {
  reversedAtProvider(transferId: string): Promise<void>;
}

/** What a recorded sale tells payouts (docs/decisions/0012 "Holds"): a seller's first ever sale, inside its transaction. */
export interface FirstSaleHolds {
  firstSaleRecordedIn(trx: Kysely<Database>, afterCommit: AfterCommit, sale: { sellerId: string; paidAt: string }): Promise<boolean>;
}

/** What a recorded payment tells custom work (docs/decisions/0013): a milestone's money arrived, inside the payment's transaction. */
export interface CustomWorkFunding {
  fundedIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    line: { customWorkId: string; milestone: number; lineId: string; provider: string; cents: number },
  ): Promise<void>;
}

/** What purchases need of product releases: the approved ones, newest version first within each product. */
export interface ApprovedReleases {
  approvedOf(productIds: readonly string[]): Promise<ReleaseRow[]>;
}

function groupByProduct(releases: ReleaseRow[]): Map<string, ReleaseRow[]> {
  const byProduct = new Map<string, ReleaseRow[]>();
  for (const release of releases) {
    const group = byProduct.get(release.product_id);
    if (group) group.push(release);
    else byProduct.set(release.product_id, [release]);
  }
  return byProduct;
}

export interface PurchasesServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  releases: ApprovedReleases;
  payments: PaymentsService;
  orders: OrdersService;
  /** Keeps a paid order's discount code use. */
  discounts: Pick<DiscountsService, 'markPaidIn'>;
  licences: LicencesService;
  refunds: ProviderRefunds;
  connectedAccounts: ConnectedAccountUpdates;
  disputes: ProviderDisputes;
  transfers: ProviderTransfers;
  /** Told of each custom work milestone paid (docs/decisions/0013); none: custom work is not offered. */
  customWork?: CustomWorkFunding;
  /** Told of each seller's first ever sale, in the sale's transaction: the first-sale rule may hold their payouts. */
  payouts: FirstSaleHolds;
  catalogue: CatalogueService;
  storage: FileStorage;
  clock: Clock;
  log: Pick<Logger, 'error'>;
  mail: Pick<MailOutbox, 'queue'>;
  ledger: LedgerService;
  /** Each seller's endpoints hear of the order's lines of their products (docs/decisions/0015). */
  webhooks: WebhookEvents;
  /** The site's address, for the receipt's link. */
  publicUrl: string;
}

/** Purchases: recorded once per paid intent, listed, and their source code handed out inside the licence window. */
export class PurchasesService {
  private readonly inTransaction: InTransaction;
  private readonly purchases: PurchasesRepository;
  private readonly orders: OrdersService;
  private readonly discounts: Pick<DiscountsService, 'markPaidIn'>;
  private readonly licences: LicencesService;
  private readonly releases: ApprovedReleases;
  private readonly payments: PaymentsService;
  private readonly refunds: ProviderRefunds;
  private readonly connectedAccounts: ConnectedAccountUpdates;
  private readonly disputes: ProviderDisputes;
  private readonly transfers: ProviderTransfers;
  private readonly customWork: CustomWorkFunding | null;
  private readonly payouts: FirstSaleHolds;
  private readonly catalogue: CatalogueService;
  private readonly storage: FileStorage;
  private readonly clock: Clock;
  private readonly log: Pick<Logger, 'error'>;
  private readonly mail: Pick<MailOutbox, 'queue'>;
  private readonly ledger: LedgerService;
  private readonly publicUrl: string;
  private readonly webhooks: WebhookEvents;

  constructor({
    db,
    inTransaction,
    releases,
    payments,
    orders,
    discounts,
    licences,
    refunds,
    connectedAccounts,
    disputes,
    transfers,
    customWork,
    payouts,
    catalogue,
    storage,
    clock,
    log,
    mail,
    ledger,
    webhooks,
    publicUrl,
  }: PurchasesServiceDependencies) {
    this.inTransaction = inTransaction;
    this.orders = orders;
    this.discounts = discounts;
    this.licences = licences;
    this.ledger = ledger;
    this.purchases = new PurchasesRepository(db);
    this.releases = releases;
    this.payments = payments;
    this.refunds = refunds;
    this.connectedAccounts = connectedAccounts;
    this.disputes = disputes;
    this.transfers = transfers;
    this.customWork = customWork ?? null;
    this.payouts = payouts;
    this.catalogue = catalogue;
    this.storage = storage;
    this.clock = clock;
    this.log = log;
    this.mail = mail;
    this.publicUrl = publicUrl;
    this.webhooks = webhooks;
  }

  /** POST purchaseDetail: the browser names the intent; everything else comes from the record and the provider. */
  async record(actor: SessionUser, intentId: string): Promise<RecordedPurchase> {
    const payment = await this.payments.findPayment(intentId);
    if (!payment) throw notFound('Unknown payment');
    if (!ownsPayment(actor, payment)) throw forbidden('This payment belongs to another account');
    return this.recordPayment(payment);
  }

  /**
   * The provider's webhook, verified by payments: the same purchase, for a browser that never came back;
   * or a refund made in the provider's dashboard. An intent this marketplace did not open, or one the
   * provider does not confirm, is acknowledged and not recorded (nothing to retry); any other failure
   * throws, so the provider sends it again.
   */
  async recordFromWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<WebhookOutcome> {
    const event = this.payments.readWebhook(rawBody, signatureHeader);
    if (event.type === 'charge.refunded') {
      // A signed event is a reason to look, not the figure to record (docs/decisions/0008): the
      // provider is asked what it has refunded. Unreachable, it throws and the event comes again.
      const refundedCents = await this.payments.refundedCentsOf(event.intentId);
      if (refundedCents !== null) await this.refunds.fromProvider(event.intentId, refundedCents);
      return {};
    }
    if (event.type === 'account.updated') {
      // A seller's Stripe account (docs/decisions/0012): stored as Stripe has it now; a failure throws, and Stripe sends it again.
      await this.connectedAccounts.accountUpdated(event.accountId);
      return {};
    }
    if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
      // A chargeback (docs/decisions/0012): the dispute is asked for, and what it says now is recorded once.
      await this.disputes.fromProvider(event.disputeId);
      return {};
    }
    if (event.type === 'transfer.reversed') {
      // A payout's transfer reversed at Stripe (docs/decisions/0012): its reversals are asked for, and each made in the dashboard recorded once.
      await this.transfers.reversedAtProvider(event.transferId);
      return {};
    }
    if (event.type !== 'payment_intent.succeeded') return {};
    try {
      const payment = await this.payments.findPayment(event.intentId);
      if (!payment) throw notFound('Unknown payment');
      await this.recordPayment(payment);
      return {};
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { notRecorded: { intentId: event.intentId, reason: error.message } };
    }
  }

  /**
   * Repair (docs/decisions/0008): checkouts opened between the two times that the provider says were
   * paid but that no browser and no webhook recorded are recorded as the webhook would; the purchase's
   * unique payment makes a concurrent post or webhook the same purchase. Answers how many it recorded.
   */
  async recordPaidCheckouts(openedAfter: string, openedBefore: string, limit: number): Promise<number> {
    let recorded = 0;
    for (const payment of await this.payments.unrecordedBetween(openedAfter, openedBefore, limit)) {
      try {
        if ((await this.recordPayment(payment)).created) recorded += 1;
      } catch (error) {
        // Unpaid yet (402) is the usual answer; any other refusal (an amount or owner that differs at
        // the provider, a product deleted since) is a person's to look at.
        if (!(error instanceof HttpError)) throw error;
        if (error.statusCode !== 402) {
          this.log.error(
            { intentId: payment.intentId, reason: error.message },
            'CHECKOUT NOT RECORDED by the reconciliation; resolve by hand',
          );
        }
      }
    }
    return recorded;
  }

  /** The already recorded purchase of the payment: the answer to a repeat, a concurrent post or the webhook first. */
  private async recorded(payment: RecordedPayment): Promise<RecordedPurchase> {
    const order = await this.orders.soldById(payment.id);
    if (!order) throw conflict('The payment is being recorded; try again');
    return { created: false, purchase: await this.toPurchase(order) };
  }

  private async recordPayment(payment: RecordedPayment): Promise<RecordedPurchase> {
    if (payment.paidAt !== null) return this.recorded(payment);
    await this.payments.assertProviderConfirms(payment);
    if (payment.lines.some((line) => line.fundsCustomWork !== null)) return this.recordCustomWorkPayment(payment);
    await this.assertProductsStillExist(payment);
    const paidAt = this.clock.now().toISOString();
    const productIds = payment.lines.map((line) => line.productId);
    // The sale fixes each line's seller (the product's owner now) and release (the newest approved one).
    const sellers = await this.purchases.sellersOf(productIds);
    const newest = groupByProduct(await this.releases.approvedOf(productIds));
    // An upgrade line makes a licence bought before Multi, under its own code (docs/decisions/0010).
    const bought = payment.lines.filter((line) => line.upgradesLicenceId === null);
    const upgraded = payment.lines.flatMap((line) => (line.upgradesLicenceId === null ? [] : [line.upgradesLicenceId]));
    const licences: NewLicence[] = bought.map((line) => ({
      id: newId(),
      order_line_id: line.lineId,
      product_id: line.productId,
      holder_id: payment.userId,
      // The licence's proof: random, so no code can be guessed from another or from an id.
      purchase_code: randomUUID(),
      created_at: paidAt,
    }));
    const codes = new Map(licences.map((licence) => [licence.order_line_id, licence.purchase_code]));
    const upgradedCodes = await this.licences.codesOf(upgraded);
    for (const line of payment.lines) {
      if (line.upgradesLicenceId !== null) codes.set(line.lineId, upgradedCodes.get(line.upgradesLicenceId) ?? '');
    }
    const receipt = await this.receiptOf(payment, paidAt, codes);
    let won = false;
    try {
      // The licences, the receipt and the sellers' earnings are stored with the payment's recording: none is ever kept without the others.
      await this.inTransaction(async (trx, afterCommit) => {
        won = await this.orders.markPaidIn(
          trx,
          payment.id,
          paidAt,
          payment.lines.map((line) => ({
            productId: line.productId,
            sellerId: sellers.get(line.productId) ?? '',
            releaseId: newest.get(line.productId)?.[0]?.id ?? null,
          })),
        );
        // Another request recorded this intent first: its purchase is the answer.
        if (!won) return;
        await this.licences.issueIn(trx, licences);
        await this.licences.upgradeIn(trx, upgraded);
        await this.discounts.markPaidIn(
          trx,
          payment.id,
          // A code never reaches a bundle's lines (docs/decisions/0011): they are no part of its revenue.
          payment.lines
            .filter((line) => line.bundleId === null)
            .map((line) => ({ sellerId: sellers.get(line.productId) ?? '', paidCents: line.priceCents })),
        );
        await new PurchasesRepository(trx).countDownloads(bought.map((line) => line.productId));
        await this.postSales(trx, payment, sellers);
        // docs/decisions/0012 "Holds": a seller's first ever sale holds their first payout for a person's look.
        for (const sellerId of await this.orders.firstSaleSellersIn(trx, payment.id)) {
          await this.payouts.firstSaleRecordedIn(trx, afterCommit, { sellerId, paidAt });
        }
        if (receipt) await this.mail.queue(trx, afterCommit, [receipt]);
        await this.tellSellers(trx, afterCommit, payment, paidAt, sellers, codes);
        // Download counts and bestseller lists moved.
        afterCommit(() => this.catalogue.changed());
      });
    } catch (error) {
      // A product was deleted between our look and our write.
      await this.assertProductsStillExist(payment);
      throw error;
    }
    if (!won) return this.recorded(payment);
    const order = await this.orders.soldById(payment.id);
    return { created: true, purchase: await this.toPurchase(order!) };
  }

  /**
   * A custom work milestone's payment (docs/decisions/0013): no licence, no receipt of products; the
   * order paid and the money in the work's escrow in one transaction, once, whoever records it first.
   */
  private async recordCustomWorkPayment(payment: RecordedPayment): Promise<RecordedPurchase> {
    const customWork = this.customWork;
    if (!customWork) throw conflict('Custom work is not offered here');
    const paidAt = this.clock.now().toISOString();
    let won = false;
    await this.inTransaction(async (trx, afterCommit) => {
      won = await this.orders.markPaidIn(trx, payment.id, paidAt, []);
      if (!won) return;
      for (const line of payment.lines) {
        if (line.fundsCustomWork === null) continue;
        await customWork.fundedIn(trx, afterCommit, {
          customWorkId: line.fundsCustomWork.id,
          milestone: line.fundsCustomWork.milestone,
          lineId: line.lineId,
          provider: payment.provider,
          cents: line.priceCents,
        });
      }
    });
    const order = await this.orders.soldById(payment.id);
    return { created: won, purchase: await this.toPurchase(order!) };
  }

  /** One `order.paid` event per seller in the order, with that seller's lines only: no seller learns what else the buyer bought. */
  private async tellSellers(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    payment: RecordedPayment,
    paidAt: string,
    sellers: Map<string, string>,
    codes: Map<string, string>,
  ): Promise<void> {
    const bySeller = new Map<string, OrderPaidData['lines']>();
    for (const line of payment.lines) {
      const sellerId = sellers.get(line.productId);
      if (!sellerId) continue;
      const lines = bySeller.get(sellerId) ?? [];
      lines.push({
        lineId: line.lineId,
        productId: line.productId,
        licenseType: line.licenseType,
        paid: { cents: line.priceCents, currency: payment.currency },
        licenceCode: codes.get(line.lineId) || null,
      });
      bySeller.set(sellerId, lines);
    }
    for (const [sellerId, lines] of bySeller) {
      const data: OrderPaidData = { orderId: payment.id, paidAt, lines };
      await this.webhooks.emit(trx, afterCommit, sellerId, 'order.paid', data);
    }
  }

  /** Each line's sale in the ledger, credited to the product's seller at this moment. */
  private async postSales(trx: Kysely<Database>, payment: RecordedPayment, sellers: Map<string, string>): Promise<void> {
    for (const line of payment.lines) {
      const sellerId = sellers.get(line.productId);
      // The product is gone: the licence above has already failed on its foreign key.
      if (!sellerId) continue;
      await this.ledger.postSale(trx, {
        lineId: line.lineId,
        sellerId,
        provider: payment.provider,
        paidCents: line.priceCents,
        platformDiscountCents: line.platformDiscountCents,
        reskinCents: line.isReskin === 'true' ? (line.reskinPriceCents ?? 0) : 0,
      });
    }
  }

  private async receiptOf(payment: RecordedPayment, paidAt: string, codes: Map<string, string>) {
    const buyer = await this.purchases.buyer(payment.userId);
    if (!buyer) return null;
    const titles = await this.purchases.titlesOf(payment.lines.map((line) => line.productId));
    const bundles = await this.purchases.bundleNames(payment.lines.flatMap((line) => (line.bundleId ? [line.bundleId] : [])));
    return receiptMail(
      buyer,
      { transactionId: payment.intentId, amountCents: payment.amountCents, createdAt: paidAt },
      payment.lines.map((line) => ({
        title: `${titles.get(line.productId) ?? 'A product'}${line.upgradesLicenceId === null ? '' : ' (upgrade from Single App License)'}`,
        licenseType: line.licenseType,
        priceCents: line.priceCents,
        listCents: line.listCents,
        reskin: line.isReskin === 'true',
        purchaseCode: codes.get(line.lineId) ?? '',
        bundle: line.bundleId ? { id: line.bundleId, name: bundles.get(line.bundleId) ?? 'A bundle' } : null,
      })),
      this.publicUrl,
    );
  }

  /**
   * Product deletion waits for open checkouts, but only for so long: a payment whose product is gone is
   * kept as it is (status 'created') and reported loudly, because someone paid and has nothing to show for it.
   */
  private async assertProductsStillExist(payment: RecordedPayment): Promise<void> {
    const productIds = payment.lines.map((line) => line.productId);
    const existing = new Set(await this.purchases.existingProductIds(productIds));
    const missingProductIds = productIds.filter((id) => !existing.has(id));
    if (missingProductIds.length === 0) return;
    this.log.error(
      { paymentId: payment.id, intentId: payment.intentId, userId: payment.userId, amountCents: payment.amountCents, missingProductIds },
      'PAID INTENT WITHOUT PURCHASE: a product of a succeeded payment has been deleted; refund or resolve by hand',
    );
    throw conflict(PAID_PRODUCT_GONE_MESSAGE);
  }

  /** Newest first: an admin sees every purchase with its buyer, a user their own. */
  async list(actor: SessionUser): Promise<Purchase[]> {
    const everybody = seesEveryPurchase(actor);
    const rows = await this.orders.sold(everybody ? undefined : actor._id);
    const lines = await this.purchases.lines(everybody ? {} : { userId: actor._id });
    const releases = groupByProduct(await this.releases.approvedOf(lines.map((line) => line.product_id)));
    const byPurchase = new Map<string, PurchaseLineRow[]>();
    for (const line of lines) {
      const group = byPurchase.get(line.purchase_id);
      if (group) group.push(line);
      else byPurchase.set(line.purchase_id, [line]);
    }
    return rows.map((row) => this.purchaseView(row, byPurchase.get(row.id) ?? [], releases, everybody ? row : null));
  }

  /** How many distinct buyers downloaded each release (docs/decisions/0020). */
  downloadersOf(releaseIds: readonly string[]): Promise<Map<string, number>> {
    return this.purchases.downloadersOf(releaseIds);
  }

  /** PUT updateDownload: the stored flag follows the server's clock, whatever the browser thinks. */
  async refreshDownloadFlag(actor: SessionUser, purchaseId: string, productId: string): Promise<TextBoolean> {
    const { line, purchase } = await this.boughtLine(actor, purchaseId, productId);
    const { open } = this.windowOf(line, purchase, await this.releases.approvedOf([productId]));
    await this.licences.setDownloadFlag(purchaseId, productId, open);
    return textBoolean(open);
  }

  /**
   * The product's archive, to its buyer only, while the licence window is open at this moment: the
   * newest approved release, or the approved release `releaseId` names.
   */
  async openDownload(actor: SessionUser, purchaseId: string, productId: string, releaseId?: string): Promise<PurchaseDownload> {
    const { line, purchase } = await this.boughtLine(actor, purchaseId, productId);
    if (line.status === 'Revoked') throw forbidden(LICENCE_REVOKED_MESSAGE);
    const releases = await this.releases.approvedOf([productId]);
    const release = releaseId ? releases.find((candidate) => candidate.id === releaseId) : releases[0];
    if (!release) throw notFound(releaseId ? 'This version is not available' : 'This product has no published version');
    if (!this.windowOf(line, purchase, releases).open) throw new HttpError(410, DOWNLOAD_WINDOW_CLOSED_MESSAGE);
    const stream = await this.storage.get('private', release.source_code_key);
    // Sellers see how many buyers took each release (docs/decisions/0020); the file goes out once it is found.
    await this.purchases.recordDownload(release.id, actor._id, this.clock.now().toISOString());
    return {
      stream,
      fileName: archiveFileName(line.title ?? '', release),
      size: Number(release.source_code_size),
    };
  }

  private async boughtLine(actor: SessionUser, purchaseId: string, productId: string) {
    const purchase = await this.orders.soldById(purchaseId);
    if (!purchase) throw notFound('Purchase not found');
    if (!isBuyer(actor, purchase)) throw forbidden('This purchase belongs to another account');
    const line = (await this.purchases.lines({ purchaseId })).find((candidate) => candidate.product_id === productId);
    if (!line) throw notFound('This product is not part of the purchase');
    return { purchase, line };
  }

  /** A revoked licence's window is shut, whatever the clock says. */
  private windowOf(line: PurchaseLineRow, purchase: SoldOrder, releases: readonly ReleaseRow[]): DownloadWindow {
    const published = releases.flatMap((release) => (release.published_at ? [new Date(release.published_at)] : []));
    const window = downloadWindow(licenseTypeSchema.parse(line.license_type), new Date(purchase.paidAt), published, this.clock.now());
    return line.status === 'Revoked' ? { ...window, open: false } : window;
  }

  private async toPurchase(row: SoldOrder): Promise<Purchase> {
    const lines = await this.purchases.lines({ purchaseId: row.id });
    const releases = groupByProduct(await this.releases.approvedOf(lines.map((line) => line.product_id)));
    return this.purchaseView(row, lines, releases, null);
  }

  private purchaseView(row: SoldOrder, lines: PurchaseLineRow[], releases: Map<string, ReleaseRow[]>, buyer: SoldOrder | null): Purchase {
    return {
      _id: row.id,
      userId: row.buyerId,
      ...(buyer ? { buyer: { _id: buyer.buyerId, name: buyer.buyerName, email: buyer.buyerEmail } } : {}),
      amountPaid: centsToDollars(row.totalCents),
      transactionId: row.intentId,
      paymentStatus: 'succeeded',
      createdAt: row.paidAt,
      products: lines.map((line) => this.lineView(line, row, releases.get(line.product_id) ?? [])),
    };
  }

  private lineView(line: PurchaseLineRow, purchase: SoldOrder, releases: ReleaseRow[]): PurchaseLine {
    const licenseType = licenseTypeSchema.parse(line.license_type);
    const title = line.title ?? '';
    const reskin = line.reskin_price_cents !== null;
    const window = this.windowOf(line, purchase, releases);
    return {
      productId: line.product_id,
      title,
      slug: titleToSlug(title),
      thumbnail: apiPath(API_PATHS.files.image, { key: line.thumbnail_key }),
      category: categorySchema.parse(line.category),
      licenseType,
      isReskin: textBoolean(reskin),
      price: centsToDollars(Number(line.price_cents)),
      reskinPrice: reskin && Number(line.reskin_price_cents) > 0 ? centsToDollars(Number(line.reskin_price_cents)) : null,
      download: textBoolean(window.open),
      downloadExpiresAt: window.endsAt.toISOString(),
      versionBought: releases.find((release) => release.published_at !== null && release.published_at <= purchase.paidAt)?.version ?? null,
      versions: releases.map((release) => ({
        _id: release.id,
        version: release.version,
        engineVersion: release.engine_version,
        publishedAt: release.published_at ?? release.created_at,
      })),
      purchaseCode: line.purchase_code,
      licenceStatus: line.status,
      ...(line.bundle_id ? { bundle: { _id: line.bundle_id, name: line.bundle_name ?? '' } } : {}),
      refund:
        line.refunded_at === null
          ? null
          : { amount: centsToDollars(Number(line.refund_cents)), reason: line.refund_reason ?? '', refundedAt: line.refunded_at },
      refundRequest:
        line.request_status === null
          ? null
          : {
              status: line.request_status,
              reason: line.request_reason ?? '',
              declineReason: line.request_decline_reason,
              createdAt: line.requested_at ?? purchase.paidAt,
            },
      ...(line.kind === 'upgrade' ? { upgrade: true as const } : {}),
    };
  }
}
