import Database from 'better-sqlite3';
import { fileURLToPath } from 'node:url';
import { workerDataDir } from './app-server.js';
import { test } from './test.js';

/** The database of the running desktop journey's own app server (see app-server.ts): read, never written. */
const workerDatabase = () => fileURLToPath(new URL(`../../${workerDataDir(test.info().parallelIndex)}/e2e.db`, import.meta.url));

/** The newest mail the app's outbox stored for this address, as a person would find it in their inbox. */
export function latestMailTo(address: string): { subject: string; text: string } | undefined {
  const db = new Database(workerDatabase(), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('select subject, text_body from mail_outbox where to_address = ? order by created_at desc, id desc limit 1')
      .get(address) as { subject: string; text_body: string } | undefined;
    return row && { subject: row.subject, text: row.text_body };
  } finally {
    db.close();
  }
}
