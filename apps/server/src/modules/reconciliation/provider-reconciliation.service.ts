import {
  RECONCILIATION_DIFFERENCE_KINDS,
  RECONCILIATION_NEEDS_STRIPE_MESSAGE,
  RECONCILIATION_RUNNING_MESSAGE,
  type ReconciliationDifferenceKind,
  type ReconciliationRun,
  type ReconciliationStatus,
  type SessionUser,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type InTransaction, isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { type Clock, DAY_MS, HOUR_MS } from '../../platform/clock.js';
import { conflict, forbidden } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { JobLeases } from '../../platform/jobs/index.js';
import { describeDifference } from './differences.js';
import { runsReconciliation } from './policies.js';
import type { ProviderComparison } from './provider-comparison.js';
import { type ReconciliationRunRow, ReconciliationRunsRepository } from './reconciliation-runs.repository.js';

const LEASE = 'provider-reconciliation';
/** Longer than a run takes (a day of Stripe's balance transactions, 100 a page), short enough that a crashed holder's lease soon runs out. */
const LEASE_MS = 30 * 60_000;
/** The daily job runs once this long has passed since the last run began (an admin's run counts). */
export const RECONCILIATION_PERIOD_MS = DAY_MS;
/**
 * What happened in the last hour may still be on its way to the ledger (a webhook Stripe retries, a
 * repair round of docs/decisions/0008): a run's period ends this long before it starts.
 */
export const SETTLE_MS = HOUR_MS;

export interface ProviderReconciliationDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  leases: JobLeases;
  comparison: Pick<ProviderComparison, 'compare'>;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn'>;
  /** Payments go through Stripe; the simulation keeps no record to compare the ledger with. */
  enabled: boolean;
}

/**
 * The daily comparison of Stripe's balance transactions with the ledger (docs/decisions/0012,
 * "Reconciliation"): each run covers the time since the last run's period ended, and stores what it
 * checked and the differences it found, for the admins' page and the `ledger_provider_differences`
 * gauge. It never changes money: a difference is for a person to look into.
 */
export class ProviderReconciliation {
  constructor(private readonly dependencies: ProviderReconciliationDependencies) {}

  /** The last run and its differences (Admin). */
  async status(actor: SessionUser): Promise<ReconciliationStatus> {
    if (!runsReconciliation(actor)) throw forbidden('Only an admin can see the reconciliation');
    return this.current();
  }

  /** Runs it now, whenever the last run was, and answers it (Admin); 409 with simulated payments or while a run is under way. */
  async runNow(actor: SessionUser): Promise<ReconciliationStatus> {
    if (!runsReconciliation(actor)) throw forbidden('Only an admin can run the reconciliation');
    if (!this.dependencies.enabled) throw conflict(RECONCILIATION_NEEDS_STRIPE_MESSAGE);
    const outcome = await this.run(actor._id, false);
    if (outcome === 'busy') throw conflict(RECONCILIATION_RUNNING_MESSAGE);
    return this.current();
  }

  /**
   * The job's round: runs once a day has passed since the last run began. Safe on every instance at
   * once: the lease lets one run, and should two runs meet anyway (a lease outlived), the run's number
   * lets one store. Answers the run, or null when none was due, allowed or needed.
   */
  async runIfDue(): Promise<ReconciliationRunRow | null> {
    if (!this.dependencies.enabled) return null;
    const outcome = await this.run(null, true);
    return typeof outcome === 'object' ? outcome : null;
  }

  /** The last run's differences by kind, for the gauge; null before the first run (or with simulated payments). */
  async lastDifferencesByKind(): Promise<Record<ReconciliationDifferenceKind, number> | null> {
    if (!this.dependencies.enabled) return null;
    const repository = new ReconciliationRunsRepository(this.dependencies.db);
    const last = await repository.latest();
    if (!last) return null;
    const counts = Object.fromEntries(RECONCILIATION_DIFFERENCE_KINDS.map((kind) => [kind, 0])) as Record<
      ReconciliationDifferenceKind,
      number
    >;
    for (const row of await repository.differencesOf(last.id)) {
      counts[describeDifference({ key: row.key, ledgerCents: row.ledger_cents, providerCents: row.provider_cents }).kind] += 1;
    }
    return counts;
  }

  private async current(): Promise<ReconciliationStatus> {
    const repository = new ReconciliationRunsRepository(this.dependencies.db);
    const last = await repository.latest();
    if (!last) return { enabled: this.dependencies.enabled, lastRun: null };
    const differences = await repository.differencesOf(last.id);
    const lastRun: ReconciliationRun = {
      _id: last.id,
      startedAt: last.started_at,
      finishedAt: last.finished_at,
      periodStart: last.period_start,
      periodEnd: last.period_end,
      providerTransactions: last.provider_transactions,
      requestedBy: last.requested_by ? { _id: last.requested_by, name: last.requested_by_name ?? '' } : null,
      differences: differences.map((row) =>
        describeDifference({ key: row.key, ledgerCents: row.ledger_cents, providerCents: row.provider_cents }),
      ),
    };
    return { enabled: this.dependencies.enabled, lastRun };
  }

  /** One run under the lease: 'busy' when another holds it or stored its run first, 'not due' when the day has not come round. */
  private async run(requestedBy: string | null, onlyIfDue: boolean): Promise<ReconciliationRunRow | 'busy' | 'not due'> {
    const { leases, clock, comparison, inTransaction, db, log } = this.dependencies;
    const started = clock.now();
    // A holder per run: an admin's run and this instance's job must not both count as holding it.
    const holder = newId();
    if (!(await leases.take(LEASE, holder, started.toISOString(), new Date(started.getTime() + LEASE_MS).toISOString()))) return 'busy';
    try {
      const last = await new ReconciliationRunsRepository(db).latest();
      if (onlyIfDue && last && started.getTime() - new Date(last.started_at).getTime() < RECONCILIATION_PERIOD_MS) return 'not due';
      const periodEnd = new Date(started.getTime() - SETTLE_MS);
      // The first run covers the day before; a run soon after the last one, the little time since.
      const periodStart = last
        ? new Date(Math.min(new Date(last.period_end).getTime(), periodEnd.getTime()))
        : new Date(periodEnd.getTime() - RECONCILIATION_PERIOD_MS);
      const result = await comparison.compare(periodStart, periodEnd);
      if (!result) return 'not due';
      const run: ReconciliationRunRow = {
        id: newId(),
        number: (last?.number ?? 0) + 1,
        period_start: periodStart.toISOString(),
        period_end: periodEnd.toISOString(),
        provider_transactions: result.providerTransactions,
        differences: result.differences.length,
        requested_by: requestedBy,
        started_at: started.toISOString(),
        finished_at: clock.now().toISOString(),
      };
      try {
        await inTransaction((trx) =>
          new ReconciliationRunsRepository(trx).insert(
            run,
            result.differences.map(({ key, ledgerCents, providerCents }) => ({
              run_id: run.id,
              key,
              ledger_cents: ledgerCents,
              provider_cents: providerCents,
            })),
          ),
        );
      } catch (error) {
        if (isUniqueViolation(error)) return 'busy';
        throw error;
      }
      const summary = { period: [run.period_start, run.period_end], checked: run.provider_transactions, differences: run.differences };
      if (run.differences > 0)
        log.warn({ reconciliation: summary, keys: result.differences.slice(0, 50).map(({ key }) => key) }, 'STRIPE AND THE LEDGER DIFFER');
      else log.info({ reconciliation: summary }, 'Stripe and the ledger agree');
      return run;
    } finally {
      await leases.release(LEASE, holder);
    }
  }
}
