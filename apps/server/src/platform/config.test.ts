import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs with no variables at all on the embedded defaults', () => {
    const config = loadConfig({});

    expect(config.databaseUrl).toBe('sqlite:./data/marketplace.db');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.admin).toBeNull();
    expect(config.cookieSecure).toBe(false);
  });

  it('limits each API token to API_RATE_LIMIT_PER_MINUTE calls of the public API, 120 unless set, and refuses a limit below 1', () => {
    expect(loadConfig({}).apiRateLimitPerMinute).toBe(120);
    expect(loadConfig({ API_RATE_LIMIT_PER_MINUTE: '60' }).apiRateLimitPerMinute).toBe(60);
    expect(() => loadConfig({ API_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/API_RATE_LIMIT_PER_MINUTE/);
  });

  it('keeps files in an S3 bucket when S3_BUCKET is set, with the SDK’s own credentials unless keys are given', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'market-files' }).s3).toEqual({
      bucket: 'market-files',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
      prefix: '',
    });
  });

  it('mails contact messages to CONTACT_TO, else to ADMIN_EMAIL', () => {
    const admin = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'long-enough' };

    expect(loadConfig({}).contactTo).toBeNull();
    expect(loadConfig(admin).contactTo).toBe('boss@example.com');
    expect(loadConfig({ ...admin, CONTACT_TO: 'sales@example.com', SMTP_URL: 'smtps://u:p@mail.example.com' })).toMatchObject({
      contactTo: 'sales@example.com',
      smtpUrl: 'smtps://u:p@mail.example.com',
    });
  });

  it('loads the demo data by default, but not in production unless asked', () => {
    const production = { NODE_ENV: 'production', ALLOW_SIMULATED_PAYMENTS: 'true' };

    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoData).toBe(true);
    expect(loadConfig(production).seedDemoData).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('refuses a password hash cost below 16384 in production, or one that is not a power of two', () => {
    const production = { NODE_ENV: 'production', ALLOW_SIMULATED_PAYMENTS: 'true' };
    expect(loadConfig(production).passwordHashCost).toBe(16384);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '1024' })).toThrow(/PASSWORD_HASH_COST/);
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: '32768' }).passwordHashCost).toBe(32768);
    expect(loadConfig({ PASSWORD_HASH_COST: '1024' }).passwordHashCost).toBe(1024);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '3000' })).toThrow(/power of two/);
  });

  it('secures cookies in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SIMULATED_PAYMENTS: 'true' }).cookieSecure).toBe(true);
  });

  it('takes simulated card payments unless both Stripe keys are set', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'simulated' });
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_API_URL: 'http://127.0.0.1:12111' })
        .payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: null,
      connectWebhookSecret: null,
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it('refuses simulated payments in production unless they are explicitly allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SIMULATED_PAYMENTS: 'true' }).payments.provider).toBe('simulated');
    expect(() => loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('trusts proxies by hop count or by address, and never every hop in production', () => {
    const production = { NODE_ENV: 'production', ALLOW_SIMULATED_PAYMENTS: 'true' };

    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: cannot be true in production/);
    expect(loadConfig({ ...production, TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ TRUST_PROXY: 'proxy.example.com' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'boss@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_EMAIL'],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA'],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key-without-secret' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'files', S3_PREFIX: '../elsewhere' }, 'S3_PREFIX'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail.example.com:587' }, 'CONTACT_TO'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, 'STRIPE_SECRET_KEY'],
  ])('fails loudly on %o, naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('takes a comma-separated list of origins, spaces and trailing slashes forgiven, and none by default', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://admin.example.com, http://localhost:5173/ ,' }).allowedOrigins).toEqual([
      'https://admin.example.com',
      'http://localhost:5173',
    ]);
  });

  it.each(['admin.example.com', 'https://admin.example.com/panel', 'ftp://files.example.com', 'https://*.example.com'])(
    'stops the start on %j with a message naming the variable',
    (value) => {
      expect(() => loadConfig({ ALLOWED_ORIGINS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ALLOWED_ORIGINS: value })).toThrow(
        'ALLOWED_ORIGINS: must be a comma-separated list of origins such as https://app.example.com (scheme, host and port; no path)',
      );
    },
  );
});
