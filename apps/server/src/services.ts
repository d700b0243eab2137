import type { DatabaseHandle } from './db/index.js';
import { AuthService, SessionsRepository, UsersRepository } from './modules/auth/index.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';

/** The composition root: every service wired to its repositories once per process. */
export function createServices(database: DatabaseHandle, clock: Clock, config: Config) {
  const { db } = database;
  return {
    auth: new AuthService(new UsersRepository(db), new SessionsRepository(db), clock, config.sessionTtlDays),
  };
}

export type Services = ReturnType<typeof createServices>;
