import type { Logger } from 'pino';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { JobLeases } from '../../platform/jobs/index.js';
import type { PurchasesService } from '../purchases/index.js';
import type { RefundsService, SettledClaims } from '../refunds/index.js';

const LEASE = 'reconciliation';
/**
 * Checkouts opened longer ago than this are no longer asked about each round (abandoned ones are
 * many, and each is a provider call); housekeeping still reports a paid one it finds before
 * forgetting it (RETENTION.abandonedPaymentDays).
 */
export const CHECKOUT_REPAIR_WINDOW_MS = DAY_MS;
/** Checkouts asked about per round, newest first. */
const CHECKOUTS_PER_ROUND = 200;

export interface ReconciliationReport extends SettledClaims {
  /** Paid checkouts recorded as purchases. */
  purchasesRecorded: number;
}

export interface ReconciliationServiceDependencies {
  leases: JobLeases;
  refunds: Pick<RefundsService, 'settleQuietClaims'>;
  purchases: Pick<PurchasesService, 'recordPaidCheckouts'>;
  clock: Clock;
  log: Pick<Logger, 'info'>;
  /** RECONCILE_SECONDS: what is older than this and unfinished is repaired. */
  afterSeconds: number;
}

/**
 * Repair, not hope (docs/decisions/0008): what reached the provider but not our last write (a crash,
 * a lost webhook) is finished from the provider's word, once; one instance at a time, by a lease.
 */
export class ReconciliationService {
  private readonly holder = newId();
  private readonly leases: JobLeases;
  private readonly refunds: Pick<RefundsService, 'settleQuietClaims'>;
  private readonly purchases: Pick<PurchasesService, 'recordPaidCheckouts'>;
  private readonly clock: Clock;
  private readonly log: Pick<Logger, 'info'>;
  private readonly afterMs: number;
  private readonly repaired = { refund_completed: 0, refund_let_go: 0, purchase_recorded: 0 };

  constructor({ leases, refunds, purchases, clock, log, afterSeconds }: ReconciliationServiceDependencies) {
    this.leases = leases;
    this.refunds = refunds;
    this.purchases = purchases;
    this.clock = clock;
    this.log = log;
    this.afterMs = afterSeconds * 1000;
  }

  /** What this instance's rounds repaired since it started, by kind: read by the metrics. */
  get repairs(): Readonly<Record<string, number>> {
    return this.repaired;
  }

  /** One round; null when another instance holds the lease. */
  async runOnce(): Promise<ReconciliationReport | null> {
    const now = this.clock.now();
    // A crashed holder's lease runs out after three rounds' time. A round slower than that may meet
    // another instance's: harmless, as each repair is conditional on what the last one left.
    const until = new Date(now.getTime() + 3 * this.afterMs).toISOString();
    if (!(await this.leases.take(LEASE, this.holder, now.toISOString(), until))) return null;
    try {
      const quietSince = new Date(now.getTime() - this.afterMs).toISOString();
      const settled = await this.refunds.settleQuietClaims(quietSince);
      const purchasesRecorded = await this.purchases.recordPaidCheckouts(
        new Date(now.getTime() - CHECKOUT_REPAIR_WINDOW_MS).toISOString(),
        quietSince,
        CHECKOUTS_PER_ROUND,
      );
      const report = { ...settled, purchasesRecorded };
      this.repaired.refund_completed += settled.completed;
      this.repaired.refund_let_go += settled.letGo;
      this.repaired.purchase_recorded += purchasesRecorded;
      if (Object.values(report).some((count) => count > 0)) this.log.info({ reconciliation: report }, 'reconciliation repaired money');
      return report;
    } finally {
      await this.leases.release(LEASE, this.holder);
    }
  }
}
