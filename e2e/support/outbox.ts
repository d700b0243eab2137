import Database from 'better-sqlite3';
import { fileURLToPath } from 'node:url';

/** The journeys' app database (see playwright.config.ts): read, never written, by the journeys. */
const E2E_DATABASE = fileURLToPath(new URL('../.data/e2e.db', import.meta.url));

/** The newest mail the app's outbox stored for this address, as a person would find it in their inbox. */
export function latestMailTo(address: string): { subject: string; text: string } | undefined {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('select subject, text_body from mail_outbox where to_address = ? order by created_at desc, id desc limit 1')
      .get(address) as { subject: string; text_body: string } | undefined;
    return row && { subject: row.subject, text: row.text_body };
  } finally {
    db.close();
  }
}
