// Child process of the benchmark: the real marketplace (compiled server) over the database named by
// DATABASE_URL, with LOG_LEVEL's logging (to LOG_FILE when set) and the pool and statement limits of the environment as
// apps/server/src/index.ts opens them, listening on a random local port it reports back over IPC.
import { buildApp } from '../apps/server/dist/app.js';
import { migrateToLatest, openDatabase } from '../apps/server/dist/db/index.js';
import { systemClock } from '../apps/server/dist/platform/clock.js';
import { loadConfig } from '../apps/server/dist/platform/config.js';
import { openProcessLog } from '../apps/server/dist/platform/logger.js';
import { createServices } from '../apps/server/dist/services.js';

const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  poolMax: config.databasePoolMax,
  statementTimeoutMs: config.databaseStatementTimeoutMs,
});
await migrateToLatest(database.db);
const { log, flush, ready } = openProcessLog(config);
await ready;
const services = createServices(database, systemClock, config, log);
const app = await buildApp({ config, database, services, log });
await app.listen({ host: '127.0.0.1', port: 0 });
// Measured once the search index is built (in the background after a start, seconds at 100,000
// products): a search waits for it, and the build would otherwise share the CPU with the first runs.
await app.inject({ method: 'GET', url: '/api/product/search?q=index&limit=1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });

const stop = async () => {
  await app.close();
  await database.destroy();
  flush();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('disconnect', () => void stop());
