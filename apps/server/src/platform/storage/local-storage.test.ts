import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { behavesAsFileStorage } from '../../test/storage-behaviour.js';
import { LocalFileStorage } from './local-storage.js';

describe('LocalFileStorage', () => {
  behavesAsFileStorage(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storage-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    return {
      storage: new LocalFileStorage(dataDir),
      // Every entry, so a leftover `.part` file would show too.
      listArea: async (area) => {
        try {
          return readdirSync(path.join(dataDir, area));
        } catch {
          return [];
        }
      },
    };
  });

  it('sweeps partial files a crash left, older than the given time, and keeps younger ones and whole files', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storage-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const storage = new LocalFileStorage(dataDir);
    const whole = await storage.put('private', Buffer.from('PKwhole'), 'zip');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const file = (area: string, name: string, modified?: Date) => {
      mkdirSync(path.join(dataDir, area), { recursive: true });
      writeFileSync(path.join(dataDir, area, name), 'half');
      if (modified) utimesSync(path.join(dataDir, area, name), modified, modified);
    };
    file('private', `${'a'.repeat(32)}.zip.part`, twoHoursAgo);
    file('images', `${'b'.repeat(32)}.webp.part`, twoHoursAgo);
    file('private', `${'c'.repeat(32)}.zip.part`);

    const removed = await storage.sweepPartialWrites(new Date(Date.now() - 60 * 60 * 1000));

    expect(removed).toBe(2);
    expect(readdirSync(path.join(dataDir, 'private')).sort()).toEqual([`${'c'.repeat(32)}.zip.part`, whole.key].sort());
    expect(readdirSync(path.join(dataDir, 'images'))).toEqual([]);
  });
});
