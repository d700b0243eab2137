import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/index.js';

/** A dependency that does not answer within this is counted as down. */
export const CHECK_TIMEOUT_MS = 2_000;

export type CheckResult = 'ok' | 'failed';

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  checks: { database: CheckResult };
}

/** A check's outcome within CHECK_TIMEOUT_MS, with the reason when it failed. */
export function withinTimeout(work: Promise<unknown>): Promise<{ status: CheckResult; reason?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ status: CheckResult; reason: string }>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'failed', reason: `no answer within ${CHECK_TIMEOUT_MS} ms` }), CHECK_TIMEOUT_MS);
  });
  const outcome = work.then(
    () => ({ status: 'ok' as const }),
    (error: unknown) => ({ status: 'failed' as const, reason: error instanceof Error && error.message ? error.message : String(error) }),
  );
  return Promise.race([outcome, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should get traffic: its database answers in time and it is not draining for
 * a shutdown. Redis, SMTP and the bucket are left out on purpose (see DependencyChecks): the instance
 * serves without them, and all instances share them, so counting them would empty the balancer.
 */
export class Readiness {
  private drainingSince: Date | null = null;

  constructor(private readonly database: DatabaseHandle) {}

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** From now on the balancer is told to send traffic elsewhere. */
  startDraining(now = new Date()): void {
    this.drainingSince ??= now;
  }

  async report(): Promise<ReadinessReport> {
    const database = (await withinTimeout(sql`select 1`.execute(this.database.db))).status;
    return { ready: !this.draining && database === 'ok', draining: this.draining, checks: { database } };
  }
}
