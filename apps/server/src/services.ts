import { payoutsOnHoldMessage } from '@market/contracts';
import { type DatabaseHandle, unitOfWork } from './db/index.js';
import { AccountService, AuthService, PasskeysService, PasswordHasher, PasswordResetService } from './modules/auth/index.js';
import { PeopleService } from './modules/people/index.js';
import { CommentsService } from './modules/comments/index.js';
import { accountStateOf, ConnectPayouts, ConnectService } from './modules/connect/index.js';
import { ContactService } from './modules/contact/index.js';
import { HireService } from './modules/hire/index.js';
import { BundlesService } from './modules/bundles/index.js';
import { DiscountsService } from './modules/discounts/index.js';
import { LedgerService } from './modules/ledger/index.js';
import { LicencesService } from './modules/licences/index.js';
import { NotificationsService } from './modules/notifications/index.js';
import { OrdersService, paidLinesWithoutSaleEntries } from './modules/orders/index.js';
import { HousekeepingService } from './modules/housekeeping/index.js';
import { ArchivesService } from './modules/archives/index.js';
import { IdempotencyService } from './modules/idempotency/index.js';
import { BasketsService } from './modules/baskets/index.js';
import { CatalogueService } from './modules/catalogue/index.js';
import { ModerationService } from './modules/moderation/index.js';
import { ProductsService } from './modules/products/index.js';
import { ReleasesService } from './modules/releases/index.js';
import { ReviewsService } from './modules/reviews/index.js';
import { productsOnSaleAt, SalesService } from './modules/sales/index.js';
import { lineRefunded, RefundsService } from './modules/refunds/index.js';
import { ProviderComparison, ProviderReconciliation, ReconciliationService } from './modules/reconciliation/index.js';
import { ReskinChatService } from './modules/reskin-chat/index.js';
import { PayoutsService } from './modules/payouts/index.js';
import { DisputesService, PaymentsService } from './modules/payments/index.js';
import { CustomWorkService } from './modules/custom-work/index.js';
import { PurchasesService } from './modules/purchases/index.js';
import { ViewsService } from './modules/views/index.js';
import { AnalyticsService } from './modules/analytics/index.js';
import { WebhooksService } from './modules/webhooks/index.js';
import { actingRoleOfSession, StudiosService } from './modules/studios/index.js';
import { WithdrawalsService } from './modules/withdrawals/index.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Logger } from './platform/logger.js';
import { JobLeases } from './platform/jobs/index.js';
import { MailOutbox, OutboxRepository, smtpTransport } from './platform/mail/index.js';
import { type FileStorage, LocalFileStorage, S3FileStorage } from './platform/storage/index.js';
import { createEventBus } from './platform/events/index.js';
import { createPaymentProvider, createStripeConnect } from './platform/payments/index.js';
import { libreTranslate, noTranslation } from './platform/translate.js';

/**
 * The composition root: every service built once per process from one object of named
 * dependencies; each builds its own repositories from `db`, so no module's door exports one.
 */
export function createServices(database: DatabaseHandle, clock: Clock, config: Config, log: Logger) {
  const { db, dialect } = database;
  // The one way a write runs (docs/decisions/0008 "One unit of work").
  const inTransaction = unitOfWork(db, log);
  const storage: FileStorage = config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.dataDir);
  const translator = config.translateUrl ? libreTranslate(config.translateUrl, log) : noTranslation;
  const events = createEventBus({ redisUrl: config.redisUrl, channelPrefix: config.eventsChannelPrefix }, log);
  const orders = new OrdersService({ db, inTransaction, clock });
  // Upgrades are priced and paid through the checkout, built below.
  const licences = new LicencesService({
    db,
    inTransaction,
    clock,
    upgrades: {
      pricesOf: (productIds) => payments.upgradePrices(productIds),
      open: (actor, upgrade, holdIn) => payments.openUpgrade(actor, upgrade, holdIn),
    },
    // Built below, once notifications and mail are.
    webhooks: { emit: (trx, afterCommit, sellerId, type, data) => webhooks.emit(trx, afterCommit, sellerId, type, data) },
  });
  const discounts = new DiscountsService({ db, inTransaction, clock });
  const bundles: BundlesService = new BundlesService({ db, inTransaction, clock, catalogue: { changed: () => catalogue.changed() } });
  const paymentProvider = createPaymentProvider(config.payments, db, clock);
  const payments: PaymentsService = new PaymentsService({
    db,
    inTransaction,
    provider: paymentProvider,
    orders,
    discounts,
    runningSales: (products) => sales.pricesOn(products),
    bundlesInCart: (buyerId, lines) => bundles.inCart(buyerId, lines),
    customWork: {
      toFund: (actor, customWorkId) => customWork.toFund(actor, customWorkId),
      holdIn: (trx, customWorkId, milestone) => customWork.holdIn(trx, customWorkId, milestone),
    },
    analytics: { checkoutStarted: (productIds, referrer) => analytics.checkoutStarted(productIds, referrer) },
    clock,
  });
  const uploadLimits = { sourceMaxBytes: config.sourceMaxBytes, uploadsPerHour: config.uploadsPerHour };
  const checkouts = {
    hasOpenSince: (productId: string, sinceIso: string) => payments.hasOpenCheckoutSince(productId, sinceIso),
    closeAll: (productId: string) => payments.closeCheckoutsOf(productId),
  };
  const catalogue = new CatalogueService({
    db,
    dialect,
    translator,
    clock,
    events,
    runningSales: (products) => sales.pricesOn(products),
    productsOnSale: productsOnSaleAt,
    lineRefunded,
  });
  const notifications = new NotificationsService({ db, events, clock });
  const leases = new JobLeases(db);
  const ledger = new LedgerService({
    db,
    dialect,
    inTransaction,
    clock,
    payoutHoldDays: config.payouts.mode === 'connect' ? config.payouts.holdDays : null,
    paidLinesWithoutSale: () => paidLinesWithoutSaleEntries(db),
  });
  // Products reach releases and moderation through the small interfaces they declare; both are built below.
  const products: ProductsService = new ProductsService({
    db,
    dialect,
    inTransaction,
    catalogue,
    storage,
    clock,
    limits: uploadLimits,
    checkouts,
    archives: {
      assertWithinQuota: (actor, addedBytes) => releases.assertWithinQuota(actor, addedBytes),
      storeFirstIn: (trx, first) => releases.storeFirstIn(trx, first),
      archiveKeysOf: (productId) => releases.archiveKeysOf(productId),
    },
    changes: {
      hold: (change) => moderation.hold(change),
      dropIn: (trx, productId) => moderation.dropIn(trx, productId),
      imagesWaitingFor: (productId) => moderation.imagesWaitingFor(productId),
    },
    archiveStored: () => archives.wake(),
    pricesHeldUntil: (productId, inTransactionDb) => sales.heldUntil(productId, inTransactionDb),
  });
  const sales = new SalesService({ db, inTransaction, clock, catalogue });
  const mail = new MailOutbox(
    new OutboxRepository(db),
    config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : null,
    clock,
    log,
    config.mailRetrySeconds * 1000,
  );
  // Sellers' signed webhooks (docs/decisions/0015): events are stored in their own transactions, sent by every instance's sender.
  const webhooks = new WebhooksService({
    db,
    inTransaction,
    clock,
    log,
    notifications,
    mail,
    publicUrl: config.publicUrl,
    settings: config.webhooks,
  });
  const payouts = new PayoutsService({
    db,
    inTransaction,
    clock,
    ledger,
    mail,
    notifications,
    config: config.payouts,
    publicUrl: config.publicUrl,
    accountOf: (sellerId) => accountStateOf(db, sellerId),
  });
  const releases: ReleasesService = new ReleasesService({
    db,
    inTransaction,
    products,
    catalogue,
    notifications,
    mail,
    storage,
    clock,
    quotaBytes: config.uploadQuotaBytes,
    publicUrl: config.publicUrl,
    archiveStored: () => archives.wake(),
    webhooks,
  });
  const moderation: ModerationService = new ModerationService({
    db,
    inTransaction,
    products,
    releases,
    catalogue,
    storage,
    notifications,
    mail,
    clock,
    publicUrl: config.publicUrl,
  });
  const archives = new ArchivesService({
    db,
    releases,
    catalogue,
    storage,
    leases,
    clock,
    log,
    maxUnpackedBytes: config.archiveMaxUnpackedBytes,
  });
  const refunds = new RefundsService({
    db,
    inTransaction,
    payments,
    orders,
    licences,
    notifications,
    mail,
    ledger,
    payouts,
    recoverShortfall: (sellerId) => connectPayouts.recoverShortfall(sellerId),
    clock,
    log,
    publicUrl: config.publicUrl,
    webhooks,
    disputedLinesOf: (orderId) => disputes.disputedLinesOf(orderId),
  });
  // Sellers' Stripe accounts for payouts (docs/decisions/0012); the webhook hands it account.updated.
  const stripeConnect = createStripeConnect(config.payments);
  const connect = new ConnectService({
    db,
    inTransaction,
    connect: stripeConnect,
    mode: config.payouts.mode,
    publicUrl: config.publicUrl,
    clock,
  });
  const connectPayouts = new ConnectPayouts({
    db,
    inTransaction,
    clock,
    log,
    connect: stripeConnect,
    mode: config.payouts.mode,
    schedule: config.payouts.schedule,
    ledger,
    holdOf: async (trx, sellerId) => {
      const hold = await payouts.openHoldOf(trx, sellerId);
      return hold ? payoutsOnHoldMessage(hold) : null;
    },
    webhooks,
  });
  // Chargebacks (docs/decisions/0012, "Disputes"); the webhook hands it charge.dispute.created and .closed.
  const disputes = new DisputesService({
    db,
    inTransaction,
    provider: paymentProvider,
    orders,
    ledger,
    licences,
    notifications,
    mail,
    holds: payouts,
    refundedCentsByLine: (trx, orderId) => refunds.refundedCentsByLine(trx, orderId),
    clock,
    log,
    publicUrl: config.publicUrl,
  });
  // Custom work in escrow (docs/decisions/0013): funded through the checkout, recorded by purchases.
  const customWork: CustomWorkService = new CustomWorkService({
    db,
    dialect,
    inTransaction,
    clock,
    log,
    ledger,
    orders,
    notifications,
    mail,
    storage,
    leases,
    uploads: products,
    analyse: (productId, delivery) => archives.analyseDelivery(productId, delivery),
    refund: (intentId, cents, idempotencyKey, metadata) => payments.refund(intentId, cents, idempotencyKey, metadata),
    settings: config.customWork,
    publicUrl: config.publicUrl,
  });
  const purchases = new PurchasesService({
    db,
    inTransaction,
    discounts,
    releases,
    payments,
    orders,
    licences,
    refunds,
    connectedAccounts: { accountUpdated: (stripeAccountId) => connect.accountUpdated(stripeAccountId) },
    disputes,
    customWork,
    // A payout's transfer reversed at Stripe (docs/decisions/0012); a dashboard's reversal reaches us only as transfer.reversed.
    transfers: { reversedAtProvider: (transferId) => connectPayouts.reversedAtProvider(transferId) },
    payouts,
    catalogue,
    storage,
    clock,
    log,
    mail,
    ledger,
    webhooks,
    publicUrl: config.publicUrl,
  });
  // Seller analytics (docs/decisions/0020): events counted in memory, flushed by the jobs, at shutdown and before each read.
  const analytics: AnalyticsService = new AnalyticsService({
    db,
    inTransaction,
    clock,
    catalogue,
    releases: {
      approvedOf: (productIds) => releases.approvedOf(productIds),
      downloadersOf: (releaseIds) => purchases.downloadersOf(releaseIds),
    },
  });
  const passwords = new PasswordHasher(config.passwordHashCost);
  // Stripe's balance transactions compared with the ledger (docs/decisions/0012, "Reconciliation").
  const providerComparison = new ProviderComparison({
    payments: paymentProvider,
    ledger,
    orders,
    refunds,
    disputes,
    payouts: connectPayouts,
    customWork,
  });
  // Sessions acting for a studio: the members' table is joined into the session's own query (docs/decisions/0018).
  const auth = new AuthService({
    db,
    clock,
    sessionTtlDays: config.sessionTtlDays,
    passwords,
    mail,
    adminRequireSecondFactor: config.adminRequireSecondFactor,
    actingRole: actingRoleOfSession,
  });
  const passkeys = new PasskeysService({ db, clock, auth, rpName: 'Source Code Marketplace' });
  // A passkey is a second factor too: a password sign-in may finish with it, and ADMIN_REQUIRE_2FA counts it.
  auth.twoFactor.registerMethod({ method: 'passkey', enrolled: (userId) => passkeys.hasAny(userId) });
  return {
    clock,
    events,
    auth,
    passkeys,
    studios: new StudiosService({ db, inTransaction, mail, clock, publicUrl: config.publicUrl, sessions: auth }),
    account: new AccountService({ db, inTransaction, mail, publicUrl: config.publicUrl, passwords }),
    passwordReset: new PasswordResetService({ db, inTransaction, mail, clock, publicUrl: config.publicUrl, passwords }),
    storage,
    ledger,
    catalogue,
    products,
    moderation,
    releases,
    archives,
    notifications,
    views: new ViewsService({ db, catalogue, clock, analytics }),
    analytics,
    baskets: new BasketsService({ db, inTransaction, catalogue, clock }),
    withdrawals: new WithdrawalsService({ db, dialect, inTransaction, clock, ledger, payouts, webhooks }),
    payouts,
    people: new PeopleService({ db }),
    reskinChat: new ReskinChatService({ db, inTransaction, storage, events, clock }),
    mail,
    comments: new CommentsService({ db, clock }),
    contact: new ContactService({ db, mail, clock, recipient: config.contactTo, log }),
    hire: new HireService({ db, clock }),
    payments,
    disputes,
    connect,
    connectPayouts,
    idempotency: new IdempotencyService({ db, clock }),
    purchases,
    refunds,
    discounts,
    sales,
    bundles,
    reviews: new ReviewsService({ db, inTransaction, notifications, catalogue, licences, clock, webhooks }),
    webhooks,
    orders,
    licences,
    customWork,
    housekeeping: new HousekeepingService({ db, leases, payments, products, webhooks, ledger, clock, log }),
    reconciliation: new ReconciliationService({ leases, refunds, purchases, clock, log, afterSeconds: config.reconcileSeconds }),
    providerComparison,
    providerReconciliation: new ProviderReconciliation({
      db,
      inTransaction,
      leases,
      comparison: providerComparison,
      clock,
      log,
      enabled: config.payments.provider === 'stripe',
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
