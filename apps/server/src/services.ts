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
import { BasketsRepository, BasketsService } from './modules/baskets/index.js';
import { CatalogueRepository, CatalogueService } from './modules/catalogue/index.js';
import {
  ModerationRepository,
  ModerationService,
  ProductsRepository,
  ProductsService,
  ReleasesRepository,
  ReleasesService,
} from './modules/products/index.js';
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
  const uploadLimits = {
    sourceMaxBytes: config.sourceMaxBytes,
    quotaBytes: config.uploadQuotaBytes,
    uploadsPerHour: config.uploadsPerHour,
  };
  const checkouts = {
    hasOpenSince: (productId: string, sinceIso: string) => payments.hasOpenCheckoutSince(productId, sinceIso),
    closeAll: (productId: string) => payments.closeCheckoutsOf(productId),
  };
  const catalogueRows = new CatalogueRepository(db, database.dialect);
  const catalogue = new CatalogueService(catalogueRows, translator, clock, events);
  const releaseRows = new ReleasesRepository(db);
  const notifications = new NotificationsService(new NotificationsRepository(db), events, clock);
  const productRows = new ProductsRepository(db, database.dialect);
  const moderationRows = new ModerationRepository(db);
  const leases = new JobLeases(db);
  const archives = new ArchivesService(
    new ArchiveReportsRepository(db),
    releaseRows,
    catalogueRows,
    catalogue,
    storage,
    leases,
    clock,
    log,
  );
  const products = new ProductsService(
    productRows,
    releaseRows,
    catalogueRows,
    catalogue,
    storage,
    clock,
    uploadLimits,
    checkouts,
    moderationRows,
    () => archives.wake(),
  );
  const mail = new MailOutbox(
    new OutboxRepository(db),
    config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : null,
    clock,
    log,
    config.mailRetrySeconds * 1000,
  );
  const refunds = new RefundsService(new RefundsRepository(db), payments, notifications, mail, clock, log, config.publicUrl);
  return {
    events,
    auth: new AuthService(new UsersRepository(db), new SessionsRepository(db), clock, config.sessionTtlDays),
    passwordReset: new PasswordResetService(new UsersRepository(db), new PasswordResetsRepository(db), mail, clock, config.publicUrl),
    storage,
    catalogue,
    products,
    moderation: new ModerationService(
      moderationRows,
      productRows,
      catalogueRows,
      catalogue,
      storage,
      notifications,
      mail,
      clock,
      config.publicUrl,
    ),
    releases: new ReleasesService(releaseRows, catalogueRows, products, catalogue, notifications, mail, clock, config.publicUrl, () =>
      archives.wake(),
    ),
    archives,
    notifications,
    views: new ViewsService(new ViewsRepository(db), catalogue, clock),
    baskets: new BasketsService(new BasketsRepository(db), catalogue, clock),
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
      releaseRows,
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
