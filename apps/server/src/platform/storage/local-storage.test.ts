import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LocalFileStorage } from './local-storage.js';

function storageInTempFolder() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storage-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir, storage: new LocalFileStorage(dataDir) };
}

async function* failing() {
  yield Buffer.from('partial');
  throw new Error('connection lost');
}

describe('LocalFileStorage', () => {
  it('stores bytes under a generated key in the area folder and reads them back', async () => {
    const { dataDir, storage } = storageInTempFolder();
    const stored = await storage.put('private', Readable.from([Buffer.from('PK'), Buffer.from('data')]), 'zip');

    expect(stored.key).toMatch(/^[a-f0-9]{32}\.zip$/);
    expect(stored.size).toBe(6);
    expect(readdirSync(path.join(dataDir, 'private'))).toEqual([stored.key]);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get('private', stored.key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('PKdata');
    expect(await storage.exists('images', stored.key)).toBe(false);

    await storage.delete('private', stored.key);
    expect(await storage.exists('private', stored.key)).toBe(false);
  });

  it('refuses keys that could leave the folder', async () => {
    const { storage } = storageInTempFolder();

    for (const key of ['../../etc/passwd', '..%2f..%2fsecret', 'a/b.webp', `${'a'.repeat(32)}.webp/..`]) {
      expect(await storage.exists('images', key)).toBe(false);
      await expect(storage.get('images', key)).rejects.toThrow('File not found');
    }
    await expect(storage.put('images', Buffer.from('x'), '../x')).rejects.toThrow('Invalid storage extension');
  });

  it('leaves no partial file behind when the stream fails', async () => {
    const { dataDir, storage } = storageInTempFolder();

    await expect(storage.put('private', Readable.from(failing()), 'zip')).rejects.toThrow('connection lost');
    expect(readdirSync(path.join(dataDir, 'private'))).toEqual([]);
  });
});
