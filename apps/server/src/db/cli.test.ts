import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyDatabaseUrl, runCommand } from '../test/processes.js';

/** The compiled command, as `npm run db` runs it (`npm run build` first). */
const CLI = path.resolve(import.meta.dirname, '../../dist/db/cli.js');

/** The migration that runs last: the highest number in migrations/. */
const NEWEST = readdirSync(path.resolve(import.meta.dirname, 'migrations'))
  .filter((file) => /^\d{4}_.*\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort()
  .at(-1)!;

const cli = (databaseUrl: string, ...args: string[]) => runCommand(CLI, databaseUrl, args);

// Eight processes in a row, each starting Node and opening the database: minutes on a loaded machine.
describe('npm run db and npm run seed', { timeout: 240_000 }, () => {
  it('shows pending migrations, applies them, undoes the newest, and seeds an empty database once', async () => {
    const url = await emptyDatabaseUrl();

    const fresh = await cli(url, 'status');
    const up = await cli(url, 'up');
    const again = await cli(url, 'up');
    const down = await cli(url, 'down');
    const after = await cli(url, 'status');
    const seeded = await cli(url, 'seed');
    const reseeded = await cli(url, 'seed');
    const wrong = await cli(url, 'sideways');

    expect(fresh).toMatchObject({ code: 0 });
    expect(fresh.output).toMatch(/^pending +0001_initial$/m);
    expect(fresh.output).toMatch(/: 0 applied, \d+ pending$/m);
    expect(up.output).toMatch(new RegExp(`^Applied 0001_initial, .*${NEWEST}`, 'm'));
    expect(again.output).toContain('Nothing to apply: the database is up to date.');
    expect(down.output).toMatch(new RegExp(`^Undid ${NEWEST}$`, 'm'));
    expect(after.output).toMatch(new RegExp(`^pending +${NEWEST}$`, 'm'));
    expect(after.output).toMatch(/^applied \S+ +0017_moderation$/m);
    expect(seeded).toMatchObject({ code: 0 });
    expect(seeded.output).toContain('admin@example.com');
    expect(reseeded.code).toBe(1);
    expect(reseeded.output).toContain('The database already has users: demo data goes only into an empty database.');
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('npm run db -- status');
  });
});
