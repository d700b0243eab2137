import type { Logger } from 'pino';
import type { Config } from './platform/config.js';
import { every, type PeriodicTask } from './platform/jobs/index.js';
import type { Services } from './services.js';

/** Often enough that a deleted product's files go soon after its last checkout can no longer be paid. */
export const HOUSEKEEPING_INTERVAL_MS = 15 * 60_000;
/** How late a product read may show a sale that has started or ended. */
export const SALE_CLOCK_INTERVAL_MS = 15_000;

/** How late, at most, a sale's earnings become available once their refund window has passed (docs/decisions/0012). */
export const MATURITY_INTERVAL_MS = 60_000;

/** How often the payout job looks for sellers whose PAYOUT_SCHEDULE has come round, and for unfinished claims. */
export const PAYOUT_ROUND_INTERVAL_MS = 15 * 60_000;

/** How often each instance asks whether the daily comparison with Stripe has come round (one runs it, under a lease). */
export const PROVIDER_RECONCILIATION_INTERVAL_MS = 15 * 60_000;

/** How late, at most, an unanswered custom work delivery is released, a reminder sent or an owed refund made (docs/decisions/0013). */
export const CUSTOM_WORK_CLOCK_INTERVAL_MS = 60_000;

/** As often as the shortest webhook retry (5 s): a new event wakes the sender itself, this round sends the retries (docs/decisions/0015). */
export const WEBHOOK_ROUND_INTERVAL_MS = 5_000;

/** A backstop only: an upload wakes its analysis itself. */
export const ARCHIVE_ANALYSIS_INTERVAL_MS = 60_000;

/**
 * A write under way adds to its partial file at least once per body idle timeout (a body that stalls
 * longer is cut, and its partial file removed): one left untouched for twice that is a crash's leftover.
 */
export const partialWriteMaxAgeMs = (config: Pick<Config, 'timeouts'>) => 2 * config.timeouts.bodyIdleSeconds * 1000;

/** Removes the partial files uploads cut short by a crash left in this instance's storage. */
export async function sweepPartialWrites(
  services: Pick<Services, 'storage'>,
  config: Pick<Config, 'timeouts'>,
  log: Pick<Logger, 'info'>,
): Promise<void> {
  const swept = await services.storage.sweepPartialWrites(new Date(Date.now() - partialWriteMaxAgeMs(config)));
  if (swept > 0) log.info(`removed ${swept} partial upload(s) left by a crash`);
}

export interface BackgroundJobsOptions {
  housekeepingIntervalMs?: number;
}

/**
 * The process's periodic work: mail delivery rounds (so mail stored during an SMTP outage goes out
 * once the server is back, with no new mail and no restart), archive analysis, reconciliation (and the daily comparison with
 * Stripe) and housekeeping. Stopped before the
 * database closes; `stop` waits for a round in progress.
 */
export function startBackgroundJobs(
  services: Services,
  config: Pick<Config, 'mailRetrySeconds' | 'reconcileSeconds' | 'timeouts' | 'analyticsFlushSeconds'>,
  log: Pick<Logger, 'warn' | 'info'>,
  options: BackgroundJobsOptions = {},
) {
  const tasks: PeriodicTask[] = [
    every(
      config.mailRetrySeconds * 1000,
      () => services.mail.deliverPending(),
      (error) => log.warn({ err: error }, 'mail delivery round failed'),
    ),
    // The storefront's counted events, written in one batch (docs/decisions/0020); a failed batch waits for the next round.
    every(
      config.analyticsFlushSeconds * 1000,
      () => services.analytics.flush(),
      (error) => log.warn({ err: error }, 'analytics flush failed'),
    ),
    // Webhook deliveries that are due: safe on every instance at once, each delivery claimed by one (docs/decisions/0015).
    every(
      WEBHOOK_ROUND_INTERVAL_MS,
      () => services.webhooks.deliverDue(),
      (error) => log.warn({ err: error }, 'webhook delivery round failed'),
    ),
    // Uploads wake the analysis at once; this round catches what a crash or another instance's lease left.
    every(
      ARCHIVE_ANALYSIS_INTERVAL_MS,
      () => {
        services.archives.wake();
        return services.archives.idle();
      },
      (error) => log.warn({ err: error }, 'archive analysis round failed'),
    ),
    every(
      options.housekeepingIntervalMs ?? HOUSEKEEPING_INTERVAL_MS,
      () => services.housekeeping.runOnce(),
      (error) => log.warn({ err: error }, 'housekeeping round failed'),
    ),
    // Refund claims and paid checkouts a crash or a lost webhook left unfinished (docs/decisions/0008).
    every(
      config.reconcileSeconds * 1000,
      () => services.reconciliation.runOnce(),
      (error) => log.warn({ err: error }, 'reconciliation round failed'),
    ),
    // Once a day, Stripe's balance transactions compared with the ledger (docs/decisions/0012, "Reconciliation"): one instance, by a lease.
    every(
      PROVIDER_RECONCILIATION_INTERVAL_MS,
      () => services.providerReconciliation.runIfDue(),
      (error) => log.warn({ err: error }, 'comparing Stripe with the ledger failed'),
    ),
    // With payouts through Connect, earnings whose refund window has passed become available; safe on every instance at once.
    every(
      MATURITY_INTERVAL_MS,
      () => services.ledger.matureDue(),
      (error) => log.warn({ err: error }, 'maturing earnings failed'),
    ),
    // Payouts through Connect: safe on every instance at once (one claim per seller at a time).
    every(
      PAYOUT_ROUND_INTERVAL_MS,
      () => services.connectPayouts.runRound(),
      (error) => log.warn({ err: error }, 'payout round failed'),
    ),
    // Custom work's clock (docs/decisions/0013): safe on every instance at once, each release and reminder a guarded update.
    every(
      CUSTOM_WORK_CLOCK_INTERVAL_MS,
      async () => {
        await services.customWork.remindDue();
        await services.customWork.releaseDue();
        await services.customWork.makeOwedRefunds();
        await services.customWork.analyseWaiting();
      },
      (error) => log.warn({ err: error }, 'custom work round failed'),
    ),
    // Sales start and end by the clock: every instance drops its kept product reads when one did (docs/decisions/0009).
    every(
      SALE_CLOCK_INTERVAL_MS,
      () => services.sales.noticeStartsAndEnds(),
      (error) => log.warn({ err: error }, 'checking sales that started or ended failed'),
    ),
    // Not under the housekeeping lease: each instance sweeps its own folder (a bucket holds no partial files).
    every(
      options.housekeepingIntervalMs ?? HOUSEKEEPING_INTERVAL_MS,
      () => sweepPartialWrites(services, config, log),
      (error) => log.warn({ err: error }, 'sweeping partial uploads failed'),
    ),
  ];
  return {
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
    },
  };
}
