import { systemClock } from '../platform/clock.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { createServices } from '../services.js';
import { openDatabase } from './connection.js';
import { migrateToLatest, migratorFor } from './migrate.js';
import { DEMO_LOGINS, seedDemoData } from '../demo/index.js';
import { withStartupLock } from './startupLock.js';

const USAGE = `Usage:
  npm run db -- status   list the migrations, applied or pending
  npm run db -- up       apply every pending migration (what npm start does first)
  npm run db -- down     undo the newest applied migration
  npm run seed           load the demo accounts and catalogue into an empty database

The database is DATABASE_URL's (and .env's), as for npm start.`;

async function main(command: string | undefined): Promise<number> {
  if (command === undefined || !['status', 'up', 'down', 'seed'].includes(command)) {
    console.error(USAGE);
    return command === undefined || command === 'help' ? 0 : 2;
  }
  try {
    process.loadEnvFile();
  } catch {
    // No .env file: the environment alone configures the command.
  }
  const config = loadConfig();
  // Migrations and rollbacks go to PostgreSQL itself, with no statement limit (a role's one included).
  const database = openDatabase({ url: config.databaseDirectUrl ?? config.databaseUrl, statementTimeoutMs: 0 });
  try {
    const migrator = migratorFor(database.db);
    if (command === 'status') {
      const migrations = await migrator.getMigrations();
      for (const migration of migrations) {
        console.log(
          `${migration.executedAt ? `applied ${migration.executedAt.toISOString()}` : 'pending                          '}  ${migration.name}`,
        );
      }
      const pending = migrations.filter((migration) => !migration.executedAt).length;
      console.log(`${database.dialect}: ${migrations.length - pending} applied, ${pending} pending`);
      return 0;
    }
    if (command === 'up') {
      const before = (await migrator.getMigrations()).filter((migration) => !migration.executedAt).map((migration) => migration.name);
      await migrateToLatest(database.db);
      console.log(before.length ? `Applied ${before.join(', ')}` : 'Nothing to apply: the database is up to date.');
      return 0;
    }
    if (command === 'down') {
      const { error, results } = await migrator.migrateDown();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      const undone = results?.find((result) => result.status === 'Success');
      console.log(undone ? `Undid ${undone.migrationName}` : 'Nothing to undo: no migration is applied.');
      return 0;
    }
    await migrateToLatest(database.db);
    const services = createServices(database, systemClock, config, createLogger(config.logLevel));
    const seeded = await withStartupLock(database, () => seedDemoData(services, database.db));
    await services.events.close();
    if (!seeded) {
      console.error('The database already has users: demo data goes only into an empty database.');
      return 1;
    }
    console.log('Demo data loaded. Logins:');
    for (const login of DEMO_LOGINS) console.log(`  ${login.role.padEnd(14)} ${login.email.padEnd(22)} ${login.password}`);
    return 0;
  } finally {
    await database.destroy();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
