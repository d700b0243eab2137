import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LogFile } from './log-file.js';

function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'market-log-file-'));
  onTestFinished(() => rmSync(made, { recursive: true, force: true }));
  return made;
}

const textOf = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
const bytesOf = (file: string) => (existsSync(file) ? readFileSync(file).length : 0);

async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 10) {
    if (check()) return;
    await sleep(10);
  }
  throw new Error(`never happened: ${what}`);
}

const line = (text: string) => `${JSON.stringify({ msg: text })}\n`;

/** What this process has open, as the kernel names it. */
const openFiles = () =>
  readdirSync('/proc/self/fd').map((fd) => {
    try {
      return readlinkSync(path.join('/proc/self/fd', fd));
    } catch {
      return '';
    }
  });

describe('LogFile', () => {
  it('writes nothing per line, and the gathered lines in one go once they reach the gathering size', async () => {
    const file = path.join(folder(), 'logs', 'app.log');
    const log = new LogFile(file, { gatherChars: 200, flushAfterMs: 60_000 });
    await log.ready;

    log.write(line('first'));
    log.write(line('second'));
    await sleep(50);
    expect(textOf(file)).toBe('');

    for (let index = 0; index < 10; index += 1) log.write(line(`line ${index}`));
    await eventually(() => textOf(file).includes('line 9'), 'the gathered lines written');
    expect(
      textOf(file)
        .split('\n')
        .filter(Boolean)
        .map((text) => (JSON.parse(text) as { msg: string }).msg),
    ).toEqual(['first', 'second', ...Array.from({ length: 10 }, (_, index) => `line ${index}`)]);
  });

  it('writes a quiet instance’s lines within the flush delay, without a flush', async () => {
    const file = path.join(folder(), 'app.log');
    const log = new LogFile(file, { gatherChars: 4096, flushAfterMs: 50 });
    await log.ready;

    log.write(line('a quiet line'));
    expect(textOf(file)).toBe('');
    await eventually(() => textOf(file) === line('a quiet line'), 'the quiet line written');
  });

  it('writes what is gathered at once on flushSync, as the process exits', async () => {
    const file = path.join(folder(), 'app.log');
    const log = new LogFile(file, { gatherChars: 4096, flushAfterMs: 60_000 });
    await log.ready;

    log.write(line('last words'));
    log.flushSync();

    expect(textOf(file)).toBe(line('last words'));
  });

  it('writes to a new file of the same name after logrotate moved the old one and sent SIGHUP', async () => {
    const dir = folder();
    const file = path.join(dir, 'app.log');
    const rotated = path.join(dir, 'app.log.1');
    const log = new LogFile(file, { gatherChars: 1, flushAfterMs: 60_000 });
    await log.ready;
    log.write(line('before the rotation'));
    await eventually(() => textOf(file) !== '', 'the first line written');

    renameSync(file, rotated);
    log.write(line('moved or not'));
    log.reopen();
    log.write(line('after the rotation'));

    // A line logged before the reopen lands in the old file if its write had begun, else in the new one.
    const all = line('before the rotation') + line('moved or not') + line('after the rotation');
    await eventually(() => textOf(rotated) + textOf(file) === all, 'every line in one of the two files');
    expect(textOf(rotated).startsWith(line('before the rotation'))).toBe(true);
    expect(textOf(file).endsWith(line('after the rotation'))).toBe(true);
  });

  it('keeps no rotated file open once its writes are done, however quickly the rotations come', async () => {
    const dir = folder();
    const file = path.join(dir, 'app.log');
    const log = new LogFile(file, { gatherChars: 1, flushAfterMs: 60_000 });
    await log.ready;
    log.write(line('first'));
    renameSync(file, path.join(dir, 'app.log.1'));
    log.reopen();
    log.write(line('second'));
    renameSync(file, path.join(dir, 'app.log.2'));
    log.reopen();
    log.write(line('third'));

    const all = line('first') + line('second') + line('third');
    const written = () => ['app.log.1', 'app.log.2', 'app.log'].map((name) => textOf(path.join(dir, name))).join('');
    await eventually(() => written() === all, 'every line written');
    await sleep(20);
    expect(
      openFiles()
        .filter((target) => target.startsWith(dir))
        .map((target) => path.basename(target)),
    ).toEqual(['app.log']);
  });

  it('says on its failure channel when a write fails (a full disk), drops those lines and keeps going', async () => {
    const failures: string[] = [];
    const log = new LogFile('/dev/full', { gatherChars: 1, flushAfterMs: 60_000, reportFailure: (message) => failures.push(message) });
    await log.ready;

    log.write(line('lost'));
    await eventually(() => failures.length === 1, 'the failure reported');
    log.write(line('lost too'));
    await eventually(() => failures.length === 2, 'the second failure reported');

    expect(failures[0]).toMatch(/^\d+ bytes of log lines not written to \/dev\/full: ENOSPC/);
  });

  it('is never ready when its folder cannot be made, so the process does not start', async () => {
    const blocker = path.join(folder(), 'a-file-not-a-folder');
    writeFileSync(blocker, '');

    await expect(new LogFile(path.join(blocker, 'app.log'), { gatherChars: 1, flushAfterMs: 60_000 }).ready).rejects.toThrow(
      /EEXIST|ENOTDIR/,
    );
  });

  it('keeps every line, in order, whatever the lines’ sizes and however writes and waits interleave', async () => {
    const dir = folder();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 300 }).map((text) => ({ text })),
            fc.constant({ wait: true as const }),
          ),
          {
            maxLength: 120,
          },
        ),
        fc.integer({ min: 1, max: 2000 }),
        async (steps, gatherChars) => {
          const file = path.join(dir, `run-${(run += 1)}.log`);
          const log = new LogFile(file, { gatherChars, flushAfterMs: 5 });
          await log.ready;
          let expected = '';
          for (const step of steps) {
            if ('wait' in step) await sleep(1);
            else {
              log.write(line(step.text));
              expected += line(step.text);
            }
          }
          await eventually(() => bytesOf(file) >= Buffer.byteLength(expected), 'every line written');
          await sleep(10);
          expect(textOf(file)).toBe(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});
