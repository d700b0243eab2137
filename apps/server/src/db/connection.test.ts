import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './connection.js';

describe('SQLite connection with kept statements', () => {
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle.destroy();
  });

  it('answers a query run again after its table changed with the new shape', async () => {
    handle = openDatabase({ url: 'sqlite::memory:' });
    await sql`create table notes (id integer primary key)`.execute(handle.db);
    await sql`insert into notes (id) values (1)`.execute(handle.db);
    const everything = () => sql<Record<string, unknown>>`select * from notes`.execute(handle.db);
    expect((await everything()).rows).toEqual([{ id: 1 }]);

    await sql`alter table notes add column body text default 'hello'`.execute(handle.db);

    expect((await everything()).rows).toEqual([{ id: 1, body: 'hello' }]);
  });

  it('keeps answering right when more distinct queries run than statements are kept', async () => {
    handle = openDatabase({ url: 'sqlite::memory:' });
    const numberQuery = async (n: number) => (await sql<{ n: number }>`select ${sql.lit(n)} * ${n} as n`.execute(handle.db)).rows[0]?.n;

    for (let n = 0; n < 1_200; n += 1) expect(await numberQuery(n)).toBe(n * n);
    expect(await numberQuery(0)).toBe(0);
    expect(await numberQuery(1_199)).toBe(1_199 * 1_199);
  });
});

/** Exit codes of processes that each open the driver, prepare many statements and exit without closing. */
function exitCodesOfStatementChurn(processes: number): Promise<(number | null)[]> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `const Driver = require(${JSON.stringify(driver)}); const db = new Driver(':memory:'); for (let i = 0; i < 20000; i++) db.prepare('select ' + i).get();`;
  const exitCode = () =>
    new Promise<number | null>((resolve) => {
      const child = execFile(process.execPath, ['-e', script], () => resolve(child.exitCode));
    });
  return Promise.all(Array.from({ length: processes }, exitCode));
}

describe('the SQLite driver', () => {
  // Ten processes of 20,000 statements each: about 3 s of CPU apiece, which on two shared cores under
  // the whole suite outlasts the default 30 s; the exit codes are the subject, never the time.
  it('never aborts a process whose statements are collected at exit (better-sqlite3 12 did on Node 24)', { timeout: 180_000 }, async () => {
    expect(await exitCodesOfStatementChurn(10)).toEqual(Array(10).fill(0));
  });
});
