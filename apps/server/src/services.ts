import { type DatabaseHandle, unitOfWork } from './db/index.js';
import { AuthService, PasswordResetService } from './modules/auth/index.js';
import { PeopleService } from './modules/people/index.js';
import { CommentsService } from './modules/comments/index.js';
import { ContactService } from './modules/contact/index.js';
import { HireService } from './modules/hire/index.js';
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
import { SalesService } from './modules/sales/index.js';
import { RefundsService } from './modules/refunds/index.js';
import { ReconciliationService } from './modules/reconciliation/index.js';
import { ReskinChatService } from './modules/reskin-chat/index.js';
import { PaymentsService } from './modules/payments/index.js';
import { PurchasesService } from './modules/purchases/index.js';
import { ViewsService } from './modules/views/index.js';
import { WithdrawalsService } from './modules/withdrawals/index.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Logger } from './platform/logger.js';
import { JobLeases } from './platform/jobs/index.js';
import { MailOutbox, OutboxRepository, smtpTransport } from './platform/mail/index.js';
import { type FileStorage, LocalFileStorage, S3FileStorage } from './platform/storage/index.js';
import { createEventBus } from './platform/events/index.js';
import { createPaymentProvider } from './platform/payments/index.js';
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
  const licences = new LicencesService({ db, inTransaction, clock });
  const discounts = new DiscountsService({ db, inTransaction, clock });
  const payments = new PaymentsService({
    db,
    inTransaction,
    provider: createPaymentProvider(config.payments, db, clock),
    orders,
    discounts,
    runningSales: (products) => sales.pricesOn(products),
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
  });
  const notifications = new NotificationsService({ db, events, clock });
  const leases = new JobLeases(db);
  const ledger = new LedgerService({ db, dialect, clock, paidLinesWithoutSale: () => paidLinesWithoutSaleEntries(db) });
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
    clock,
    log,
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
    catalogue,
    storage,
    clock,
    log,
    mail,
    ledger,
    publicUrl: config.publicUrl,
  });
  return {
    clock,
    events,
    auth: new AuthService({ db, clock, sessionTtlDays: config.sessionTtlDays }),
    passwordReset: new PasswordResetService({ db, inTransaction, mail, clock, publicUrl: config.publicUrl }),
    storage,
    ledger,
    catalogue,
    products,
    moderation,
    releases,
    archives,
    notifications,
    views: new ViewsService({ db, catalogue, clock }),
    baskets: new BasketsService({ db, inTransaction, catalogue, clock }),
    withdrawals: new WithdrawalsService({ db, dialect, inTransaction, clock, ledger }),
    people: new PeopleService({ db }),
    reskinChat: new ReskinChatService({ db, inTransaction, storage, events, clock }),
    mail,
    comments: new CommentsService({ db, clock }),
    contact: new ContactService({ db, mail, clock, recipient: config.contactTo, log }),
    hire: new HireService({ db, clock }),
    payments,
    idempotency: new IdempotencyService({ db, clock }),
    purchases,
    refunds,
    discounts,
    sales,
    reviews: new ReviewsService({ db, inTransaction, notifications, catalogue, licences, clock }),
    orders,
    licences,
    housekeeping: new HousekeepingService({ db, leases, payments, products, ledger, clock, log }),
    reconciliation: new ReconciliationService({ leases, refunds, purchases, clock, log, afterSeconds: config.reconcileSeconds }),
  };
}

export type Services = ReturnType<typeof createServices>;
