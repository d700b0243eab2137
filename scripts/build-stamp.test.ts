import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { isStale, markWebBuilt } from './lib.mjs';

/** A web app folder as `npm run build -w @market/web` leaves it: sources, then dist, then dist-ssr beside them. */
function builtWebFolder() {
  const web = mkdtempSync(path.join(tmpdir(), 'market-web-'));
  onTestFinished(() => rmSync(web, { recursive: true, force: true }));
  const seconds = Date.now() / 1000;
  mkdirSync(path.join(web, 'src'));
  writeFileSync(path.join(web, 'src/main.tsx'), 'export {};\n');
  utimesSync(path.join(web, 'src/main.tsx'), seconds - 60, seconds - 60);
  utimesSync(path.join(web, 'src'), seconds - 60, seconds - 60);
  mkdirSync(path.join(web, 'dist'));
  writeFileSync(path.join(web, 'dist/index.html'), '<!doctype html>\n');
  utimesSync(path.join(web, 'dist/index.html'), seconds - 30, seconds - 30);
  // The server-render build comes second and creates its folder inside the app's: the app's folder is newer now.
  mkdirSync(path.join(web, 'dist-ssr'));
  writeFileSync(path.join(web, 'dist-ssr/entry-server.js'), 'export {};\n');
  const stamp = path.join(web, 'dist-ssr/.built');
  markWebBuilt(stamp);
  return { web, stamp };
}

describe('the web build check of npm start and npm test', () => {
  it('does not build the web app again once both its builds are done', () => {
    const { web, stamp } = builtWebFolder();

    // What the second command used to compare, and why it built again after a clone.
    expect(isStale(path.join(web, 'dist/index.html'), [web])).toBe(true);
    expect(isStale(stamp, [web])).toBe(false);
  });

  it('builds it again when a source changes after the build', () => {
    const { web, stamp } = builtWebFolder();
    const later = Date.now() / 1000 + 5;
    utimesSync(path.join(web, 'src/main.tsx'), later, later);

    expect(isStale(stamp, [web])).toBe(true);
  });
});
