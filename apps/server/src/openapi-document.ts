import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { migrateToLatest, openDatabase } from './db/index.js';
import { systemClock } from './platform/clock.js';
import { loadConfig } from './platform/config.js';
import { createLogger } from './platform/logger.js';
import { createServices } from './services.js';

/**
 * The OpenAPI document exactly as the app serves it at /api/docs/json, built in this process for
 * `npm run lint` (Redocly's rules) and the generated client (packages/api-client): an in-memory
 * SQLite database, files in a temporary directory, the embedded defaults and nothing from the
 * environment, so it needs no Redis, no network and nothing listening, and reads the same everywhere.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'market-openapi-'));
  const database = openDatabase({ url: 'sqlite::memory:' });
  try {
    await migrateToLatest(database.db);
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', DATA_DIR: dataDir });
    const log = createLogger('silent');
    const services = createServices(database, systemClock, config, log);
    const app = await buildApp({ config, database, services, log });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}
