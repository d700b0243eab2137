import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../test/helper.js';
import { loadConfig } from './config.js';
import { openProcessLog } from './logger.js';

function logFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'market-log-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const linesOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('LOG_FILE', () => {
  it('is read from the environment as an absolute path, and unset means stdout', () => {
    const base = { NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:' };

    expect(loadConfig({ ...base, LOG_FILE: 'logs/marketplace.log' }).logFile).toBe(path.resolve('logs/marketplace.log'));
    expect(loadConfig(base).logFile).toBeUndefined();
  });

  it('gets one access line per request, with its request id, in the file once the log is flushed', async () => {
    const file = path.join(logFolder(), 'logs', 'marketplace.log');
    const { log, flush, ready } = openProcessLog({ logLevel: 'info', logFile: file });
    await ready;
    const ctx = await buildTestApp({}, { log });

    for (const id of ['first-call', 'second-call', 'third-call']) {
      await ctx.app.inject({ method: 'GET', url: '/api/product/popular', headers: { 'x-request-id': id } });
    }
    flush();

    const access = linesOf(file).filter((line) => line.msg === 'request');
    expect(access.map((line) => line.requestId)).toEqual(['first-call', 'second-call', 'third-call']);
    expect(access[0]).toMatchObject({ level: 30, method: 'GET', route: '/api/product/popular', statusCode: 200 });
  });

  it('appends to the lines already in the file, as after a restart', async () => {
    const file = path.join(logFolder(), 'marketplace.log');
    const before = openProcessLog({ logLevel: 'info', logFile: file });
    await before.ready;
    before.log.info('before the restart');
    before.flush();
    const after = openProcessLog({ logLevel: 'info', logFile: file });
    await after.ready;
    after.log.info('after the restart');
    after.flush();

    expect(linesOf(file).map((line) => line.msg)).toEqual(['before the restart', 'after the restart']);
  });
});
