import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PATHS } from '@market/contracts';
import { describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { emptyPostgresDatabase, freePort, startServerProcess, waitUntilServing } from '../test/processes.js';

const HAPROXY = '/usr/sbin/haproxy';
const REPOSITORY = path.resolve(import.meta.dirname, '../../../..');
const CONFIG = path.join(REPOSITORY, 'deploy/haproxy.cfg');

/** A self-signed certificate for 127.0.0.1, its key in the same PEM file as HAProxy wants it. */
function certificate(folder: string): { pem: string; cert: string } {
  const key = path.join(folder, 'key.pem');
  const cert = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1'].concat([
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]),
    { stdio: 'ignore' },
  );
  const pem = path.join(folder, 'market.pem');
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  return { pem, cert: readFileSync(cert, 'utf8') };
}

/** One GET through the balancer: its status, or 0 when no answer came. */
function get(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = request(url, { agent, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    outgoing.on('timeout', () => outgoing.destroy());
    outgoing.on('error', () => resolve(0));
    outgoing.end();
  });
}

/** Requests HAProxy's httplog shows retried: its retries field is not 0 ("+" when redispatched). */
function retried(log: string): number {
  return [...log.matchAll(/ \d+\/\d+\/\d+\/\d+\/(\+?\d+) \d+\/\d+ "/g)].filter((match) => match[1] !== '0').length;
}

describe('README’s HAProxy configuration (deploy/haproxy.cfg)', () => {
  // Reads two files only: once, in the SQLite project, which always runs.
  it.runIf(process.env.TEST_DB !== 'postgres')('is the configuration README.md shows', () => {
    const readme = readFileSync(path.join(REPOSITORY, 'README.md'), 'utf8');
    const shown = /```haproxy\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(readFileSync(CONFIG, 'utf8'));
  });

  // Several instances share nothing but the database: PostgreSQL's project only.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'fails no GET when an instance is killed under load, and none while another has not started',
    async (context) => {
      // CI installs Debian's haproxy (.ci/run): there a missing one is a failure, not a skip.
      if (!existsSync(HAPROXY)) {
        if (process.env.CI) throw new Error(`${HAPROXY} is missing: CI installs it with apt-get install -y haproxy`);
        context.skip();
      }
      const folder = mkdtempSync(path.join(tmpdir(), 'market-haproxy-'));
      onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
      const { pem, cert } = certificate(folder);
      const databaseUrl = await emptyPostgresDatabase();
      const env = { DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '0' };
      const first = await startServerProcess(env);
      await waitUntilServing(first);
      const second = await startServerProcess(env);
      await waitUntilServing(second);
      const listen = await freePort();
      const neverStarted = await freePort();

      const balancer = spawn(HAPROXY, ['-db', '-f', CONFIG], {
        env: {
          PATH: process.env.PATH,
          MARKET_LISTEN: `127.0.0.1:${listen}`,
          MARKET_CERT: pem,
          MARKET_APP1: first.url.replace('http://', ''),
          MARKET_APP2: second.url.replace('http://', ''),
          MARKET_APP3: `127.0.0.1:${neverStarted}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      balancer.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
      balancer.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      onTestFinished(() => void balancer.kill('SIGKILL'));
      onTestFailed(() => console.log(`HAProxy's log:\n${log}`));

      const agent = new Agent({ ca: cert, keepAlive: true });
      onTestFinished(() => agent.destroy());
      const base = `https://127.0.0.1:${listen}`;
      for (let attempt = 0; (await get(`${base}${API_PATHS.healthLive}`, agent)) !== 200; attempt += 1) {
        if (attempt > 100) throw new Error(`HAProxy did not answer:\n${log}`);
        await sleep(100);
      }

      const statuses: number[] = [];
      const load = { stop: false };
      const paths = [API_PATHS.product.popular, `${API_PATHS.product.search}?q=game`, API_PATHS.healthReady, API_PATHS.health];
      const clients = Array.from({ length: 4 }, async (_, client) => {
        for (let index = client; !load.stop; index += 1) statuses.push(await get(`${base}${paths[index % paths.length]}`, agent));
      });
      await sleep(2_000);
      const logBeforeKill = log.length;
      const killedAt = Date.now();
      first.child.kill('SIGKILL');
      await first.exited;
      const answeredBeforeKill = statuses.length;
      // Past the health checks' fall × inter (4 s): HAProxy has marked the dead instance down.
      let downAfterMs = 0;
      while (Date.now() - killedAt < 6_000) {
        if (!downAfterMs && /Server market\/app1 is DOWN/.test(log)) downAfterMs = Date.now() - killedAt;
        await sleep(50);
      }
      load.stop = true;
      await Promise.all(clients);

      const failed = statuses.filter((status) => status !== 200);
      expect(failed).toEqual([]);
      expect(statuses.length - answeredBeforeKill).toBeGreaterThan(50);
      expect(log).toMatch(/Server market\/app1 is DOWN/);
      // Before the kill the retried ones met the instance that never started, after it the killed one too.
      const retriedBefore = retried(log.slice(0, logBeforeKill));
      const retriedAfter = retried(log.slice(logBeforeKill));
      if (process.env.BALANCER_LOG) writeFileSync(process.env.BALANCER_LOG, log);
      console.log(
        `balancer: ${statuses.length} GETs (${statuses.length - answeredBeforeKill} after the kill), 0 failed; ` +
          `retried on another instance: ${retriedBefore} before the kill, ${retriedAfter} after; app1 DOWN ${downAfterMs} ms after the kill`,
      );
      expect(retriedBefore).toBeGreaterThan(0);
      expect(retriedAfter).toBeGreaterThan(0);
    },
    60_000,
  );
});
