import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../db/index.js';
import { DAY_MS } from '../platform/clock.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database each test's own database is copied from (helper.ts). */
    postgresTemplate: string;
  }
}

const DB_FOLDER = path.resolve(import.meta.dirname, '../db');

/**
 * Named after the migrations' source, so a changed or added migration makes a new template and two
 * runs of the same code (a second checkout, CI beside a developer) share one.
 */
function templateName(): string {
  const hash = createHash('sha256');
  const sources = [
    path.join(DB_FOLDER, 'migrate.ts'),
    ...readdirSync(path.join(DB_FOLDER, 'migrations'))
      .sort()
      .map((file) => path.join(DB_FOLDER, 'migrations', file)),
  ];
  for (const file of sources) hash.update(file.slice(DB_FOLDER.length)).update(readFileSync(file));
  return `market_test_template_${dayStamp(new Date())}_${hash.digest('hex').slice(0, 16)}`;
}

/** `20261127`: templates carry the day they were made, so old ones can be told from a neighbour's. */
const dayStamp = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Vitest's global setup for the PostgreSQL project: migrates one database once, which every test then
 * copies (CREATE DATABASE … TEMPLATE, some 40 ms) instead of running every migration again (over a second).
 */
export default async function setup(project: TestProject): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The PostgreSQL tests need TEST_DATABASE_URL');
  const template = templateName();
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) {
      // Built under a name of its own and renamed when whole: a run that stops half-way, or one
      // running beside it, never copies a half-migrated template.
      const building = `market_test_building_${dayStamp(new Date())}_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const database = openDatabase({ url: withDatabase(serverUrl, building), statementTimeoutMs: 0 });
      try {
        await migrateToLatest(database.db);
      } finally {
        await database.destroy();
      }
      try {
        await admin.query(`alter database ${building} rename to ${template}`);
      } catch (error) {
        // Another run finished the same template first.
        await admin.query(`drop database ${building}`);
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
    // Templates, and builds that never finished, from before yesterday only take space. Newer ones may
    // be another checkout's, running now with other migrations (a worktree, CI beside a developer).
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'market\\_test\\_template\\_%' or datname like 'market\\_test\\_building\\_%'`,
    );
    const yesterday = dayStamp(new Date(Date.now() - DAY_MS));
    for (const { datname } of rows) {
      const made = /^market_test_(?:template|building)_(\d{8})_/.exec(datname)?.[1];
      if (made === undefined || made >= yesterday) continue;
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
  } finally {
    await admin.end();
  }
  project.provide('postgresTemplate', template);
}
