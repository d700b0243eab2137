import { pino } from 'pino';
import { buildApp } from './app.js';
import { DEMO_LOGINS, seedDemoData } from './db/seed/index.js';
import { migrateToLatest, openDatabase, withStartupLock } from './db/index.js';
import { systemClock } from './platform/clock.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { createServices } from './services.js';

async function main() {
  try {
    process.loadEnvFile();
  } catch {
    // No .env file: the environment alone configures the server.
  }
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  // Migrations run on a connection of their own with no statement timeout: rebuilding an index may take long.
  const migrations = openDatabase({ url: config.databaseUrl });
  await migrateToLatest(migrations.db);
  await migrations.destroy();
  const database = openDatabase({
    url: config.databaseUrl,
    poolMax: config.databasePoolMax,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    onBackgroundError: (error) => log.warn({ err: error }, 'database connection lost; the next request opens a new one'),
  });
  const services = createServices(database, systemClock, config);
  // Instances started together take turns, so an empty database is seeded once.
  const seeded = await withStartupLock(database, async () => {
    const loaded = config.seedDemoData && (await seedDemoData(services, database.db));
    if (config.admin) await services.auth.ensureAdmin(config.admin);
    return loaded;
  });
  // Mails left unsent by an earlier run (mail server down, or SMTP_URL set only now) go out now.
  void services.mail.deliverPending();

  const app = await buildApp({ config, database, services });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
