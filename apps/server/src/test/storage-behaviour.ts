import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import type { FileStorage } from '../platform/storage/index.js';

async function* failing() {
  yield Buffer.from('partial');
  throw new Error('connection lost');
}

async function bytesOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** What every FileStorage promises, whatever keeps the bytes; `listArea` shows what is really stored. */
export function behavesAsFileStorage(
  makeStorage: () => Promise<{ storage: FileStorage; listArea: (area: 'images' | 'private') => Promise<string[]> }>,
) {
  it('stores a stream under a generated key in its area and reads it back', async () => {
    const { storage, listArea } = await makeStorage();
    const stored = await storage.put('private', Readable.from([Buffer.from('PK'), Buffer.from('data')]), 'zip');

    expect(stored.key).toMatch(/^[a-f0-9]{32}\.zip$/);
    expect(stored.size).toBe(6);
    expect(await listArea('private')).toEqual([stored.key]);
    expect(await bytesOf(await storage.get('private', stored.key))).toBe('PKdata');
    expect(await storage.exists('private', stored.key)).toBe(true);
    expect(await storage.exists('images', stored.key)).toBe(false);

    await storage.delete('private', stored.key);
    expect(await storage.exists('private', stored.key)).toBe(false);
    await expect(storage.get('private', stored.key)).rejects.toThrow('File not found');
  });

  it('reads a range of a stored file, shorter at its end, and 404s a missing one', async () => {
    const { storage } = await makeStorage();
    const stored = await storage.put('private', Buffer.from('PK0123456789'), 'zip');

    expect((await storage.readRange('private', stored.key, 2, 4)).toString()).toBe('0123');
    expect((await storage.readRange('private', stored.key, 10, 8)).toString()).toBe('89');
    await storage.delete('private', stored.key);
    await expect(storage.readRange('private', stored.key, 0, 4)).rejects.toThrow('File not found');
  });

  it('stores a buffer and deletes a missing file without complaint', async () => {
    const { storage } = await makeStorage();
    const stored = await storage.put('images', Buffer.from('RIFF....WEBP'), 'webp');

    expect(stored.size).toBe(12);
    expect(await bytesOf(await storage.get('images', stored.key))).toBe('RIFF....WEBP');
    await storage.delete('images', `${'0'.repeat(32)}.webp`);
    expect(await storage.exists('images', stored.key)).toBe(true);
  });

  it('refuses keys that could name anything but a stored file', async () => {
    const { storage } = await makeStorage();

    for (const key of ['../../etc/passwd', '..%2f..%2fsecret', 'a/b.webp', `${'a'.repeat(32)}.webp/..`]) {
      expect(await storage.exists('images', key)).toBe(false);
      await expect(storage.get('images', key)).rejects.toThrow('File not found');
    }
    await expect(storage.put('images', Buffer.from('x'), '../x')).rejects.toThrow('Invalid storage extension');
  });

  it('keeps nothing when the incoming stream fails half-way', async () => {
    const { storage, listArea } = await makeStorage();

    await expect(storage.put('private', Readable.from(failing()), 'zip')).rejects.toThrow('connection lost');
    expect(await listArea('private')).toEqual([]);
  });
}
