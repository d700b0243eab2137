import { describe, expect, it } from 'vitest';
import { BlockReader } from './zip-directory.js';

const BLOCK = 1024 ** 2;

/** An archive of 2.5 blocks whose every byte tells its offset, and the ranges asked of it. */
function countedArchive() {
  const bytes = Buffer.alloc(2.5 * BLOCK);
  for (let at = 0; at < bytes.length; at++) bytes[at] = (at * 7) % 251;
  const asked: Array<[number, number]> = [];
  const reader = new BlockReader({
    size: bytes.length,
    readRange: async (start, length) => {
      asked.push([start, length]);
      return bytes.subarray(start, start + length);
    },
  });
  return { bytes, asked, reader };
}

describe('reading an archive in blocks', () => {
  it('gives the very bytes asked for, within a block, across blocks, at the end and none at all', async () => {
    const { bytes, reader } = countedArchive();
    for (const [start, length] of [
      [10, 46],
      [BLOCK - 20, 46],
      [BLOCK - 1, BLOCK + 2],
      [2 * BLOCK, 0.5 * BLOCK],
      [2.5 * BLOCK - 5, 100],
      [BLOCK, 0],
    ] as const) {
      expect(Buffer.compare(await reader.bytes(start, length), bytes.subarray(start, start + length)), `${start}+${length}`).toBe(0);
    }
  });

  it('asks storage once per block, however many records a block holds', async () => {
    const { asked, reader } = countedArchive();
    for (let at = 0; at + 46 <= BLOCK; at += 46) await reader.bytes(at, 46);
    expect(asked).toEqual([[0, BLOCK]]);
  });
});
