import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, onTestFinished } from 'vitest';
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
});
