// Child process of the benchmark: the real marketplace (compiled server) over the database named by
// DATABASE_URL, with LOG_LEVEL's logging and the pool and statement limits of the environment as
// apps/server/src/index.ts opens them, listening on a random local port it reports back over IPC.
import { buildApp } from '../apps/server/dist/app.js';
import { migrateToLatest, openDatabase } from '../apps/server/dist/db/index.js';
import { systemClock } from '../apps/server/dist/platform/clock.js';
import { loadConfig } from '../apps/server/dist/platform/config.js';
import { createLogger } from '../apps/server/dist/platform/logger.js';
import { createServices } from '../apps/server/dist/services.js';

const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  poolMax: config.databasePoolMax,
  statementTimeoutMs: config.databaseStatementTimeoutMs,
});
await migrateToLatest(database.db);
const log = createLogger(config.logLevel);
const services = createServices(database, systemClock, config, log);
const app = await buildApp({ config, database, services, log });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });

const stop = async () => {
  await app.close();
  await database.destroy();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('disconnect', () => void stop());
