import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.js';
import { DEMO_LOGINS, seedDemoData } from './demo/index.js';
import {
  judgeConnectionBudget,
  judgeDurability,
  migrateToLatest,
  openDatabase,
  readConnectionBudget,
  readDurabilitySettings,
  withStartupLock,
} from './db/index.js';
import { systemClock } from './platform/clock.js';
import { Readiness } from './modules/health/index.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { openProcessLog } from './platform/logger.js';
import { startBackgroundJobs, sweepPartialWrites } from './jobs.js';
import { createServices } from './services.js';

async function main() {
  try {
    process.loadEnvFile();
  } catch {
    // No .env file: the environment alone configures the server.
  }
  const config = loadConfig();
  const { log, flush: flushLog, ready: logReady } = openProcessLog(config);
  // A LOG_FILE that cannot be opened stops the start, as a bad setting does.
  await logReady;
  // Migrations run on a connection of their own with no statement timeout: rebuilding an index may take long.
  // Behind PgBouncer in transaction mode they go to PostgreSQL itself: the migrator's lock is a session's,
  // and its unlock could reach another server connection than its lock, leaving it held for ever.
  const migrations = openDatabase({ url: config.databaseDirectUrl ?? config.databaseUrl, statementTimeoutMs: 0 });
  if (migrations.dialect === 'postgres') {
    const verdict = judgeDurability(await readDurabilitySettings(migrations.db), {
      production: config.env === 'production',
      allowUnsafe: config.allowUnsafeDurability,
    });
    if (verdict.kind === 'refuse') {
      await migrations.destroy();
      throw new ConfigError(verdict.message);
    }
    if (verdict.kind === 'warn') log.warn(verdict.message);
    // Read before this instance's pool opens: an overfull server answers 'too many clients' only under load.
    // Behind PgBouncer the connections to fit are PgBouncer's (its default_pool_size), not this pool's.
    const overBudget =
      !config.databaseDirectUrl && judgeConnectionBudget(await readConnectionBudget(migrations.db), config.databasePoolMax);
    if (overBudget) log.warn(overBudget);
  }
  await migrateToLatest(migrations.db);
  await migrations.destroy();
  const database = openDatabase({
    url: config.databaseUrl,
    poolMax: config.databasePoolMax,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    onBackgroundError: (error) => log.warn({ err: error }, 'database connection lost; the next request opens a new one'),
  });
  const services = createServices(database, systemClock, config, log);
  // Instances started together take turns, so an empty database is seeded once.
  const seeded = await withStartupLock(database, async () => {
    const loaded = config.seedDemoData && (await seedDemoData(services, database.db));
    if (config.admin) await services.auth.ensureAdmin(config.admin);
    return loaded;
  });
  // A crash mid-upload leaves a partial file; housekeeping sweeps again later what is still too young now.
  await sweepPartialWrites(services, config, log);
  // Mails left unsent by an earlier run (mail server down, or SMTP_URL set only now) go out now.
  void services.mail.deliverPending();

  const readiness = new Readiness(database);
  const app = await buildApp({ config, database, services, readiness, log });
  const jobs = startBackgroundJobs(services, config, log);
  // Archives left unanalysed by a crash, or by an older analyser, are analysed again.
  services.archives.wake();
  void services.housekeeping.runOnce().catch((error: unknown) => log.warn({ err: error }, 'housekeeping round failed'));
  let stopping = false;
  // SIGTERM (an orchestrator, a rolling deploy) drains first; SIGINT (Ctrl+C at a terminal) does not wait.
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} received again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    readiness.startDraining();
    const drainSeconds = signal === 'SIGTERM' ? config.shutdownDrainSeconds : 0;
    app.log.info(`${signal} received: not ready; serving ${drainSeconds} s more while the balancer moves away`);
    await sleep(drainSeconds * 1000);
    // Stops accepting, ends the event streams (browsers reconnect elsewhere), waits for requests in flight.
    await jobs.stop();
    await app.close();
    await database.destroy();
    flushLog();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const lines = [
    '',
    `  Marketplace running at ${config.publicUrl}`,
    `  API docs:            ${config.publicUrl}/api/docs`,
    `  Database:            ${database.dialect}${seeded ? ' (demo data loaded)' : ''}`,
  ];
  if (config.seedDemoData) {
    lines.push('  Demo logins:');
    for (const login of DEMO_LOGINS) lines.push(`    ${login.role.padEnd(14)} ${login.email.padEnd(22)} ${login.password}`);
  }
  if (config.admin) lines.push(`  Admin from ADMIN_EMAIL: ${config.admin.email}`);
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
