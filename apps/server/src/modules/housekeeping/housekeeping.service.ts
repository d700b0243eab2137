import type { Logger } from 'pino';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { JobLeases } from '../../platform/jobs/index.js';
import type { LedgerCheck, LedgerService } from '../ledger/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { ProductsService } from '../products/index.js';
import type { WebhooksService } from '../webhooks/index.js';
import { HousekeepingRepository } from './housekeeping.repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const LEASE = 'housekeeping';
/** Longer than a round takes; a round of a crashed holder is taken over once it runs out. */
const LEASE_MS = 10 * 60_000;
/** Checkouts closed at the provider per round: each is one provider call. */
const PAYMENTS_PER_ROUND = 200;

/** How long what is kept stays. */
export const RETENTION = {
  abandonedPaymentDays: 7,
  sentMailDays: 30,
  /** Idempotency keys answer repeats for a day; password reset links live an hour. Both are kept a day longer, for support. */
  idempotencyKeyDays: 2,
  passwordResetDays: 1,
  /** A finished webhook delivery stays on the seller's page (and replayable) this long. */
  webhookDeliveryDays: 30,
} as const;

export interface HousekeepingReport {
  sessions: number;
  payments: number;
  /** Checkouts closed because they held a discount code's use past its hold. */
  codeHolds: number;
  mails: number;
  passwordResets: number;
  idempotencyKeys: number;
  webhookDeliveries: number;
  products: number;
}

export interface HousekeepingServiceDependencies {
  db: Kysely<Database>;
  leases: JobLeases;
  payments: PaymentsService;
  products: ProductsService;
  webhooks: Pick<WebhooksService, 'pruneFinishedBefore'>;
  ledger: Pick<LedgerService, 'check'>;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** Deletes what nothing needs any more and checks the ledger; one instance at a time, by a database lease. */
export class HousekeepingService {
  private readonly holder = newId();

  private readonly repository: HousekeepingRepository;
  private readonly leases: JobLeases;
  private readonly payments: PaymentsService;
  private readonly products: ProductsService;
  private readonly webhooks: Pick<WebhooksService, 'pruneFinishedBefore'>;
  private readonly ledger: Pick<LedgerService, 'check'>;
  private ledgerCheck: LedgerCheck | null = null;
  private readonly clock: Clock;
  private readonly log: Pick<Logger, 'info' | 'warn' | 'error'>;

  constructor({ db, leases, payments, products, webhooks, ledger, clock, log }: HousekeepingServiceDependencies) {
    this.repository = new HousekeepingRepository(db);
    this.webhooks = webhooks;
    this.ledger = ledger;
    this.leases = leases;
    this.payments = payments;
    this.products = products;
    this.clock = clock;
    this.log = log;
  }

  /** The last ledger check this instance ran (null before its first round): read by the metrics. */
  get lastLedgerCheck(): LedgerCheck | null {
    return this.ledgerCheck;
  }

  /** Every transaction sums to zero, every balance to its entries, every paid line has its sale; anything else is a human's to look at. */
  private async checkLedger(): Promise<void> {
    this.ledgerCheck = await this.ledger.check();
    const { unbalancedTransactions, balancesOff, linesWithoutSale } = this.ledgerCheck;
    if (unbalancedTransactions.length || balancesOff.length || linesWithoutSale.length) {
      this.log.error(
        {
          unbalancedTransactions: unbalancedTransactions.slice(0, 20),
          balancesOff: balancesOff.slice(0, 20),
          linesWithoutSale: linesWithoutSale.slice(0, 20),
        },
        'LEDGER CHECK FAILED: transactions that do not sum to zero, balances that differ from their entries or paid lines without their sale; resolve by hand',
      );
    }
  }

  /** One round; null when another instance holds the lease. */
  async runOnce(): Promise<HousekeepingReport | null> {
    const now = this.clock.now();
    if (!(await this.leases.take(LEASE, this.holder, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()))) return null;
    try {
      const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
      const abandoned = await this.payments.forgetAbandoned(daysAgo(RETENTION.abandonedPaymentDays), PAYMENTS_PER_ROUND);
      for (const intentId of abandoned.paidUnrecorded) {
        this.log.error(
          { intentId },
          'PAID INTENT WITHOUT PURCHASE: the provider says it was paid but no purchase was recorded; resolve by hand',
        );
      }
      const report: HousekeepingReport = {
        sessions: await this.repository.deleteExpiredSessions(now.toISOString()),
        payments: abandoned.forgotten,
        codeHolds: await this.payments.closeStaleCodeHolds(PAYMENTS_PER_ROUND),
        mails: await this.repository.deleteSentMailsBefore(daysAgo(RETENTION.sentMailDays)),
        passwordResets: await this.repository.deletePasswordResetsExpiredBefore(daysAgo(RETENTION.passwordResetDays)),
        idempotencyKeys: await this.repository.deleteIdempotencyKeysBefore(daysAgo(RETENTION.idempotencyKeyDays)),
        webhookDeliveries: await this.webhooks.pruneFinishedBefore(daysAgo(RETENTION.webhookDeliveryDays)),
        products: await this.products.purgeRetired(),
      };
      if (Object.values(report).some((count) => count > 0)) this.log.info({ housekeeping: report }, 'housekeeping removed old rows');
      await this.checkLedger();
      return report;
    } finally {
      await this.leases.release(LEASE, this.holder);
    }
  }
}
