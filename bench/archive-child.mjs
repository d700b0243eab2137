// Analyses one archive from a file, as the server reads one from storage, and prints its figures.
import { open, stat } from 'node:fs/promises';
import { analyseArchive } from '../apps/server/dist/modules/archives/analyser/index.js';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/archive-child.mjs <archive.zip>');
const { size } = await stat(file);
const handle = await open(file, 'r');
const started = performance.now();
const analysis = await analyseArchive({
  size,
  readRange: async (start, length) => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    return buffer.subarray(0, bytesRead);
  },
});
const seconds = (performance.now() - started) / 1000;
await handle.close();
console.log(
  JSON.stringify({
    archiveMb: Math.round((size / 2 ** 20) * 10) / 10,
    seconds: Math.round(seconds * 100) / 100,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    files: analysis.files.count,
  }),
);
