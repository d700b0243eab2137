import { pino } from 'pino';
import type { DatabaseHandle } from './db/index.js';
import { AuthService, PasswordResetService, PasswordResetsRepository, SessionsRepository, UsersRepository } from './modules/auth/index.js';
import { PeopleRepository, PeopleService } from './modules/people/index.js';
import { CommentsRepository, CommentsService } from './modules/comments/index.js';
import { ContactRepository, ContactService } from './modules/contact/index.js';
import { HireRepository, HireService } from './modules/hire/index.js';
import { LicencesRepository, LicencesService } from './modules/licences/index.js';
import { NotificationsRepository, NotificationsService } from './modules/notifications/index.js';
import { HousekeepingRepository, HousekeepingService } from './modules/housekeeping/index.js';
import { ArchiveReportsRepository, ArchivesService } from './modules/archives/index.js';
import { IdempotencyRepository, IdempotencyService } from './modules/idempotency/index.js';
import { CatalogueRepository, CatalogueService } from './modules/catalogue/index.js';
import { ModerationService } from './modules/moderation/index.js';
import { ProductsService } from './modules/products/index.js';
import { ReleasesService } from './modules/releases/index.js';
import { ReviewsRepository, ReviewsService } from './modules/reviews/index.js';
import { RefundsRepository, RefundsService } from './modules/refunds/index.js';
import { ReskinChatRepository, ReskinChatService } from './modules/reskin-chat/index.js';
import { PaymentsRepository, PaymentsService } from './modules/payments/index.js';
import { PurchasesRepository, PurchasesService } from './modules/purchases/index.js';
import { ViewsRepository, ViewsService } from './modules/views/index.js';
import { WithdrawalsRepository, WithdrawalsService } from './modules/withdrawals/index.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import { JobLeases } from './platform/jobs/index.js';
import { MailOutbox, OutboxRepository, smtpTransport } from './platform/mail/index.js';
import { type FileStorage, LocalFileStorage, S3FileStorage } from './platform/storage/index.js';
import { createEventBus } from './platform/events/index.js';
import { createPaymentProvider } from './platform/payments/index.js';
import { libreTranslate, noTranslation } from './platform/translate.js';

/** The composition root: every service wired to its repositories once per process. */
export function createServices(database: DatabaseHandle, clock: Clock, config: Config) {
  const { db } = database;
  const log = pino({ level: config.logLevel });
  const storage: FileStorage = config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.dataDir);
  const translator = config.translateUrl ? libreTranslate(config.translateUrl, log) : noTranslation;
  const events = createEventBus({ redisUrl: config.redisUrl, channelPrefix: config.eventsChannelPrefix }, log);
  const payments = new PaymentsService(new PaymentsRepository(db), createPaymentProvider(config.payments, db, clock), clock);
  const uploadLimits = { sourceMaxBytes: config.sourceMaxBytes, uploadsPerHour: config.uploadsPerHour };
  const checkouts = {
    hasOpenSince: (productId: string, sinceIso: string) => payments.hasOpenCheckoutSince(productId, sinceIso),
    closeAll: (productId: string) => payments.closeCheckoutsOf(productId),
  };
  const catalogueRows = new CatalogueRepository(db, database.dialect);
  const catalogue = new CatalogueService(catalogueRows, translator, clock, events);
  const notifications = new NotificationsService(new NotificationsRepository(db), events, clock);
  const leases = new JobLeases(db);
  // Products reach releases and moderation through the small interfaces they declare; both are built below.
  const products: ProductsService = new ProductsService({
    db,
    dialect: database.dialect,
    rows: catalogueRows,
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
  });
  const mail = new MailOutbox(
    new OutboxRepository(db),
    config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : null,
    clock,
    log,
    config.mailRetrySeconds * 1000,
  );
  const releases: ReleasesService = new ReleasesService({
    db,
    rows: catalogueRows,
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
    products,
    releases,
    rows: catalogueRows,
    catalogue,
    storage,
    notifications,
    mail,
    clock,
    publicUrl: config.publicUrl,
  });
  const archives = new ArchivesService(new ArchiveReportsRepository(db), releases, catalogueRows, catalogue, storage, leases, clock, log);
  const refunds = new RefundsService(new RefundsRepository(db), payments, notifications, mail, clock, log, config.publicUrl);
  return {
    events,
    auth: new AuthService(new UsersRepository(db), new SessionsRepository(db), clock, config.sessionTtlDays),
    passwordReset: new PasswordResetService(new UsersRepository(db), new PasswordResetsRepository(db), mail, clock, config.publicUrl),
    storage,
    catalogue,
    products,
    moderation,
    releases,
    archives,
    notifications,
    views: new ViewsService(new ViewsRepository(db), catalogue, clock),
    withdrawals: new WithdrawalsService(new WithdrawalsRepository(db, database.dialect), clock),
    people: new PeopleService(new PeopleRepository(db)),
    reskinChat: new ReskinChatService(new ReskinChatRepository(db), storage, events, clock),
    mail,
    comments: new CommentsService(new CommentsRepository(db), clock),
    contact: new ContactService(new ContactRepository(db), mail, clock, config.contactTo, log),
    hire: new HireService(new HireRepository(db), clock),
    payments,
    idempotency: new IdempotencyService(new IdempotencyRepository(db), clock),
    purchases: new PurchasesService(
      new PurchasesRepository(db),
      releases,
      payments,
      refunds,
      catalogue,
      storage,
      clock,
      log,
      mail,
      config.publicUrl,
    ),
    refunds,
    reviews: new ReviewsService(new ReviewsRepository(db), notifications, catalogue, clock),
    licences: new LicencesService(new LicencesRepository(db), clock),
    housekeeping: new HousekeepingService(new HousekeepingRepository(db), leases, payments, products, clock, log),
  };
}

export type Services = ReturnType<typeof createServices>;
