// The deployment files, checked as far as this machine allows: no Docker engine runs here, so the
// Dockerfile and compose.yaml are validated, not run; the systemd unit and Prometheus's files are
// checked by systemd's and Prometheus's own tools (Debian's packages, installed by .ci/run).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it, onTestFinished, type TestContext } from 'vitest';
import { parse } from 'yaml';
import { API_PATHS } from '../packages/contracts/src/paths.js';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** A tool from Debian's packages: on CI (.ci/run installs it) its absence fails the test, elsewhere it skips it. */
function requireTool(context: TestContext, tool: string): void {
  if (existsSync(tool)) return;
  if (process.env.CI) throw new Error(`${tool} is missing: .ci/run installs it`);
  context.skip();
}

function composeValidator() {
  const schema = JSON.parse(read('deploy/schemas/compose-spec.json')) as object;
  const ajv = new Ajv({ strict: false, allErrors: true });
  // The schema names draft-07 by its https address; Ajv knows that meta-schema by its http one.
  const draft07 = JSON.parse(readFileSync(require.resolve('ajv/dist/refs/json-schema-draft-07.json'), 'utf8')) as object;
  ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
  return ajv.compile(schema);
}

describe('compose.yaml', () => {
  it('follows the Compose Specification’s schema', () => {
    const validate = composeValidator();
    const valid = validate(parse(read('compose.yaml'), { merge: true }));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is refused by that schema when a service is misspelt, so the check above can fail', () => {
    const validate = composeValidator();
    const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Record<string, unknown>> };
    compose.services.redis!.helthcheck = compose.services.redis!.healthcheck;
    expect(validate(compose)).toBe(false);
  });

  it('sets only variables that README.md documents, and runs two instances behind the tested HAProxy config', () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string>; volumes?: string[] }>;
    };
    const readme = read('README.md');
    const appVariables = Object.keys(compose.services.app1!.environment ?? {});
    expect(appVariables.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    expect(compose.services.app2!.environment).toEqual(compose.services.app1!.environment);
    expect(compose.services.balancer!.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));
  const finalStage = instructions.slice(instructions.findLastIndex((line) => line.startsWith('FROM ')));

  it('builds on the Node of .nvmrc, slim, in every stage', () => {
    const major = read('.nvmrc').trim();
    const bases = instructions.filter((line) => line.startsWith('FROM ')).map((line) => line.split(/\s+/)[1]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toBe(`node:${major}-bookworm-slim`);
  });

  it('runs as an unprivileged user, stops on SIGTERM and checks the live path', () => {
    expect(finalStage).toContain('USER node');
    expect(finalStage).toContain('STOPSIGNAL SIGTERM');
    const healthcheck = finalStage.find((line) => line.startsWith('HEALTHCHECK'));
    expect(healthcheck).toContain(API_PATHS.healthLive);
    expect(finalStage.at(-1)).toBe('CMD ["node", "apps/server/dist/index.js"]');
  });

  it('copies only files that exist in the repository, and keeps secrets and local data out', () => {
    const sources = instructions
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) =>
        line
          .split(/\s+/)
          .slice(1, -1)
          .filter((part) => !part.startsWith('--')),
      );
    expect(sources.filter((source) => !existsSync(path.join(root, source)))).toEqual([]);
    expect(sources).toContain('package-lock.json');
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.env', 'data', '**/node_modules', '.git', 'deploy/certs']) expect(ignored).toContain(entry);
  });
});

/** Seconds, from a systemd or Compose duration such as `60s` or `1m30s`. */
function seconds(duration: string): number {
  const match = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration.trim());
  if (!match || (!match[1] && !match[2])) throw new Error(`not a duration: ${duration}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

describe('docs/operations.md', () => {
  it('says for every migration what its down removes', () => {
    const runbook = read('docs/operations.md');
    const migrations = readdirSync(path.join(root, 'apps/server/src/db/migrations'))
      .filter((file) => /^\d{4}_.*\.ts$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(migrations.length).toBeGreaterThan(10);
    expect(migrations.filter((name) => !runbook.includes(`| ${name} |`))).toEqual([]);
  });
});

describe('stop timeouts', () => {
  it('give the app more than its default drain, in the unit and in compose.yaml', () => {
    const drain = /SHUTDOWN_DRAIN_SECONDS: z\.coerce\.number\(\)[^\n]*\.default\((\d+)\)/.exec(read('apps/server/src/platform/config.ts'));
    expect(drain).not.toBeNull();
    const drainSeconds = Number(drain![1]);
    const unit = /^TimeoutStopSec=(.+)$/m.exec(read('deploy/source-code-marketplace.service'));
    const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, { stop_grace_period?: string }> };

    expect(seconds(unit![1]!)).toBeGreaterThan(drainSeconds);
    for (const name of ['app1', 'app2']) expect(seconds(compose.services[name]!.stop_grace_period ?? '10s')).toBeGreaterThan(drainSeconds);
  });
});

describe('the systemd unit', () => {
  it('passes systemd-analyze verify without a warning', (context) => {
    requireTool(context, '/usr/bin/systemd-analyze');
    const folder = mkdtempSync(path.join(tmpdir(), 'market-unit-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    // The same unit, with ExecStart pointing at this machine's node: verify checks that it exists.
    const unit = read('deploy/source-code-marketplace.service').replace('ExecStart=/usr/bin/node', `ExecStart=${process.execPath}`);
    const file = path.join(folder, 'source-code-marketplace.service');
    writeFileSync(file, unit);

    const result = spawnSync('/usr/bin/systemd-analyze', ['verify', file], { encoding: 'utf8' });

    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
    expect(unit).toMatch(/^Restart=on-failure$/m);
  });

  it('is caught by systemd-analyze when a key is misspelt, so the check above can fail', (context) => {
    requireTool(context, '/usr/bin/systemd-analyze');
    const folder = mkdtempSync(path.join(tmpdir(), 'market-unit-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const file = path.join(folder, 'broken.service');
    writeFileSync(file, `[Service]\nRestartt=on-failure\nExecStart=${process.execPath}\n`);

    const result = spawnSync('/usr/bin/systemd-analyze', ['verify', file], { encoding: 'utf8' });

    expect(result.stderr).toContain("Unknown key 'Restartt'");
  });
});

describe('Prometheus’s scrape config and alert rules', () => {
  it('pass promtool check config and check rules', (context) => {
    requireTool(context, '/usr/bin/promtool');
    const output = execFileSync('/usr/bin/promtool', ['check', 'config', 'prometheus.yml'], {
      cwd: path.join(root, 'deploy'),
      encoding: 'utf8',
    });
    expect(output).toContain('SUCCESS: 7 rules found');
  });

  it('is refused by promtool check rules when an expression is broken, so the check above can fail', (context) => {
    requireTool(context, '/usr/bin/promtool');
    const folder = mkdtempSync(path.join(tmpdir(), 'market-rules-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const file = path.join(folder, 'alerts.yml');
    writeFileSync(file, read('deploy/alerts.yml').replace('up{job="market"} == 0', 'up{job="market" == 0'));

    const result = spawnSync('/usr/bin/promtool', ['check', 'rules', file], { encoding: 'utf8' });

    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain('FAILED');
  });

  it('alert only on metrics the server exports', () => {
    const alerts = read('deploy/alerts.yml');
    const metricsSource = read('apps/server/src/http/metrics.ts');
    const used = new Set([...alerts.matchAll(/\b([a-z_]+)\{job="market"/g)].map((match) => match[1]!));
    const exported = (name: string) => name === 'up' || metricsSource.includes(`'${name.replace(/_bucket$/, '')}'`);
    expect([...used].filter((name) => !exported(name))).toEqual([]);
    expect(used.size).toBeGreaterThanOrEqual(4);
  });
});
