import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's own source files, tests left out. */
const sourceFiles = () =>
  readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`test${path.sep}`))
    .map((file) => ({ file, text: readFileSync(path.join(SOURCE, file), 'utf8') }));

describe('failures', () => {
  it('are answered by the one error handler, from HttpErrors thrown by services, never by a route of its own', () => {
    const files = sourceFiles();
    const handlers = files.filter(({ text }) => text.includes('setErrorHandler(')).map(({ file }) => file);
    const routeRefusals = files
      .filter(({ file }) => file.endsWith('.routes.ts'))
      .flatMap(({ file, text }) => [...text.matchAll(/reply\s*\.\s*(?:status|code)\(\s*4\d\d\s*\)/g)].map(() => file));

    expect(handlers).toEqual([path.join('http', 'error-handling.ts')]);
    expect(routeRefusals).toEqual([]);
  });
});
