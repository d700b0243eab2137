// The "What's inside" analysis, each archive analysed in a child process of its own so its time
// and peak memory are its alone: the largest archive the analyser accepts (50,000 entries, made
// in code), then real project archives given by BENCH_REAL_ARCHIVE, each beside `unzip -t` (Info-ZIP
// reading and checking every entry) on the same file.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeZip, manyFiles, unityProjectFiles } from '@market/sample-archives';

const here = path.dirname(new URL(import.meta.url).pathname);
/** The aims the issue sets on this machine. */
export const ARCHIVE_AIMS = { seconds: 10, memoryMb: 200 };
/** On a real project's archive: no slower than twice `unzip -t` on the same file, no more memory than the largest archive. */
export const REAL_ARCHIVE_AIMS = { timesUnzip: 2, memoryMb: 200 };
/** Runs of each real archive; the figures shown are their medians. */
const REAL_ARCHIVE_RUNS = Number(process.env.BENCH_ARCHIVE_RUNS ?? 3);

/** How to make a real archive, shown when BENCH_REAL_ARCHIVE is unset. */
export const REAL_ARCHIVE_HOWTO = [
  'set BENCH_REAL_ARCHIVE=/path/to/project.zip (several: separated by ":") to measure a real project, for example:',
  '  git clone https://github.com/00-Evan/shattered-pixel-dungeon /tmp/spd',
  '  git -C /tmp/spd archive --format=zip --prefix=shattered-pixel-dungeon/ -o /tmp/spd.zip HEAD',
  '  BENCH_REAL_ARCHIVE=/tmp/spd.zip npm run bench -- archive',
].join('\n');

/**
 * @typedef {{ archiveMb: number, seconds: number, peakRssMb: number, files: number }} ChildFigures
 * @typedef {{ file: string, archiveMb: number, files: number, runs: number,
 *   unzipSeconds: number, seconds: number, processSeconds: number, timesUnzip: number, peakRssMb: number, maxPeakRssMb: number,
 *   each: Array<{ unzipSeconds: number, seconds: number, processSeconds: number, peakRssMb: number }>, met: boolean }} RealArchiveFigures
 */

/** @returns {{ entries: number, met: boolean } & ChildFigures} */
export function measureArchiveAnalysis(entries = 50_000) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-archive-'));
  try {
    const files = [...unityProjectFiles(), ...manyFiles(entries - unityProjectFiles().length)];
    const archive = path.join(dir, 'largest.zip');
    writeFileSync(archive, makeZip(files));
    const figures = analyseInChild(archive).figures;
    return { entries, ...figures, met: figures.seconds < ARCHIVE_AIMS.seconds && figures.peakRssMb < ARCHIVE_AIMS.memoryMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The archives BENCH_REAL_ARCHIVE names, each checked to exist. */
export function realArchivesFromEnv(value = process.env.BENCH_REAL_ARCHIVE) {
  const files = (value ?? '').split(path.delimiter).filter(Boolean);
  for (const file of files) if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`BENCH_REAL_ARCHIVE: no file at ${file}`);
  return files;
}

/**
 * A real project's archive, `runs` times in turn: `unzip -t -qq` (wall time), then our analysis in
 * a child process (the analysis's own time, as the server spends it, and the child's wall time
 * with Node's start). Medians of each; the aims are judged on them.
 * @param {string} file
 * @returns {RealArchiveFigures}
 */
export function measureRealArchive(file, runs = REAL_ARCHIVE_RUNS) {
  /** @type {RealArchiveFigures['each']} */
  const each = [];
  /** @type {ChildFigures | undefined} */
  let last;
  for (let run = 0; run < runs; run++) {
    const unzipSeconds = unzipTest(file);
    const { figures, processSeconds } = analyseInChild(file);
    last = figures;
    each.push({ unzipSeconds, seconds: figures.seconds, processSeconds, peakRssMb: figures.peakRssMb });
  }
  if (!last) throw new Error('BENCH_ARCHIVE_RUNS must be at least 1');
  const unzipSeconds = median(each.map((run) => run.unzipSeconds));
  const seconds = median(each.map((run) => run.seconds));
  const peakRssMb = median(each.map((run) => run.peakRssMb));
  const timesUnzip = Math.round((seconds / unzipSeconds) * 100) / 100;
  return {
    file,
    archiveMb: last.archiveMb,
    files: last.files,
    runs,
    unzipSeconds,
    seconds,
    processSeconds: median(each.map((run) => run.processSeconds)),
    timesUnzip,
    peakRssMb,
    maxPeakRssMb: Math.max(...each.map((run) => run.peakRssMb)),
    each,
    met: timesUnzip <= REAL_ARCHIVE_AIMS.timesUnzip && peakRssMb <= REAL_ARCHIVE_AIMS.memoryMb,
  };
}

/** One line per real archive, as run.mjs and this file print them. @param {RealArchiveFigures} figures */
export function describeRealArchive(figures) {
  return (
    `  ${path.basename(figures.file)}: ${figures.files.toLocaleString('en')} files (${figures.archiveMb} MB), median of ${figures.runs}: ` +
    `unzip -t ${figures.unzipSeconds} s, ours ${figures.seconds} s (${figures.timesUnzip}×; ${figures.processSeconds} s with Node's start), ` +
    `peak ${figures.peakRssMb} MB (highest ${figures.maxPeakRssMb}) ` +
    `(aim ≤ ${REAL_ARCHIVE_AIMS.timesUnzip}× unzip -t and ≤ ${REAL_ARCHIVE_AIMS.memoryMb} MB: ${figures.met ? 'met' : 'NOT met'})`
  );
}

/**
 * @param {string} archive
 * @returns {{ figures: ChildFigures, processSeconds: number }}
 */
function analyseInChild(archive) {
  const started = performance.now();
  const output = execFileSync(process.execPath, [path.join(here, 'archive-child.mjs'), archive], { encoding: 'utf8' });
  const processSeconds = seconds(performance.now() - started);
  return { figures: JSON.parse(output.trim().split('\n').at(-1) ?? '{}'), processSeconds };
}

/** Info-ZIP's `unzip -t -qq`: every entry read, inflated and checked against its CRC, nothing written. */
function unzipTest(/** @type {string} */ file) {
  const started = performance.now();
  const result = spawnSync('unzip', ['-t', '-qq', file], { encoding: 'utf8' });
  const elapsed = seconds(performance.now() - started);
  if (result.error) throw new Error(`unzip -t could not run (${result.error.message}); install Info-ZIP unzip (apt-get install unzip)`);
  if (result.status !== 0) throw new Error(`unzip -t found ${file} damaged:\n${result.stdout}${result.stderr}`);
  return elapsed;
}

const seconds = (/** @type {number} */ ms) => Math.round(ms / 10) / 100;

function median(/** @type {number[]} */ values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = measureArchiveAnalysis();
  console.log(
    `  archive analysis: ${figures.entries.toLocaleString('en')} entries (${figures.archiveMb} MB) in ${figures.seconds} s, peak ${figures.peakRssMb} MB ` +
      `(aim < ${ARCHIVE_AIMS.seconds} s, < ${ARCHIVE_AIMS.memoryMb} MB: ${figures.met ? 'met' : 'NOT met'})`,
  );
  const real = realArchivesFromEnv();
  if (!real.length) console.log(`  real project archive: skipped; ${REAL_ARCHIVE_HOWTO}`);
  for (const file of real) console.log(describeRealArchive(measureRealArchive(file)));
}
