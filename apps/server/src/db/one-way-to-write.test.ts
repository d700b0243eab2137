import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where a transaction may be opened: the unit of work itself; migrations and the demo loader run outside the app. */
const OPENS_TRANSACTIONS = new Set(['db/unit-of-work.ts']);
const OUTSIDE_THE_APP = [/^db\/migrations\//, /^demo\//, /^test\//, /\.test\.ts$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SOURCE, full).split(path.sep).join('/')] : [];
  });
}

describe('one way to write (docs/decisions/0008 "One unit of work")', () => {
  it('opens database transactions only through inTransaction', () => {
    const offenders = sourceFiles(SOURCE)
      .filter((file) => !OPENS_TRANSACTIONS.has(file) && !OUTSIDE_THE_APP.some((pattern) => pattern.test(file)))
      .flatMap((file) =>
        readFileSync(path.join(SOURCE, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (/\.transaction\(\)/.test(line) ? [`${file}:${index + 1}`] : [])),
      );

    expect(offenders).toEqual([]);
  });
});
