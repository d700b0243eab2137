import type { Logger } from 'pino';
import type { Config } from './platform/config.js';
import { every, type PeriodicTask } from './platform/jobs/index.js';
import type { Services } from './services.js';

/** Often enough that a deleted product's files go soon after its last checkout can no longer be paid. */
export const HOUSEKEEPING_INTERVAL_MS = 15 * 60_000;

/** A backstop only: an upload wakes its analysis itself. */
export const ARCHIVE_ANALYSIS_INTERVAL_MS = 60_000;

export interface BackgroundJobsOptions {
  housekeepingIntervalMs?: number;
}

/**
 * The process's periodic work: mail delivery rounds (so mail stored during an SMTP outage goes out
 * once the server is back, with no new mail and no restart), archive analysis and housekeeping. Stopped before the
 * database closes; `stop` waits for a round in progress.
 */
export function startBackgroundJobs(
  services: Services,
  config: Pick<Config, 'mailRetrySeconds'>,
  log: Pick<Logger, 'warn'>,
  options: BackgroundJobsOptions = {},
) {
  const tasks: PeriodicTask[] = [
    every(
      config.mailRetrySeconds * 1000,
      () => services.mail.deliverPending(),
      (error) => log.warn({ err: error }, 'mail delivery round failed'),
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
  ];
  return {
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
    },
  };
}
