import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3StorageOptions } from './storage/index.js';

/** The least scrypt cost (N, with r = 8 and p = 1) production hashes passwords at: OWASP's floor. */
const PRODUCTION_PASSWORD_HASH_COST = 16384;

const booleanFromText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An origin as browsers send it: scheme, host and port only (a trailing slash is forgiven); no wildcards. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) && !url.hostname.includes('*') && url.origin === value.replace(/\/$/, '');
}

/** Comma-separated origins, e.g. https://admin.example.com,https://app.example.com. */
const originList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((origins) => origins.every(isOrigin), {
    message: 'must be a comma-separated list of origins such as https://app.example.com (scheme, host and port; no path)',
  })
  .transform((origins) => origins.map((origin) => new URL(origin).origin));

/** An address or a CIDR range: 10.0.0.1, 10.0.0.0/8, ::1, fd00::/8. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** Which proxies' X-Forwarded-* to believe: none, every one (development only), a hop count, or addresses. */
const trustedProxies = z
  .string()
  .trim()
  .transform((text, context): boolean | number | string[] => {
    const lower = text.toLowerCase();
    if (['false', 'no', '0', ''].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return true;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.every(isAddressOrRange)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'must be false, a number of proxy hops (e.g. 1), or addresses / CIDR ranges of your proxies (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  });

const databaseUrl = z.string().refine((url) => url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url), {
  message: 'must start with sqlite: (e.g. sqlite:./data/marketplace.db) or postgres://',
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    ALLOWED_ORIGINS: originList.default([]),
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(7_200).default(900),
    IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(120),
    BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FILE: z.string().trim().min(1).optional(),
    DATABASE_URL: databaseUrl.default('sqlite:./data/marketplace.db'),
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    ALLOW_UNSAFE_DURABILITY: booleanFromText.default(false),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    DATA_DIR: z.string().min(1).default('./data'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    SEED_DEMO_DATA: booleanFromText.optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ADMIN_NAME: z.string().min(1).max(80).default('Admin'),
    ADMIN_REQUIRE_2FA: booleanFromText.optional(),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    COOKIE_SECURE: booleanFromText.optional(),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    TRUST_PROXY: trustedProxies.default(false),
    SOURCE_MAX_MB: z.coerce.number().positive().max(10_000).default(200),
    UPLOAD_QUOTA_MB: z.coerce.number().positive().max(10_000_000).default(2048),
    UPLOAD_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
    ARCHIVE_MAX_UNPACKED_MB: z.coerce.number().positive().max(1_000_000).default(2048),
    TRANSLATE_URL: z.url().optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:9000' }).optional(),
    S3_FORCE_PATH_STYLE: booleanFromText.default(false),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PREFIX: z
      .string()
      .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names each ending in /, e.g. marketplace/')
      .default(''),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must look like redis://host:6379 (or rediss:// for TLS)')
      .optional(),
    EVENTS_CHANNEL_PREFIX: z.string().min(1).max(100).default('market:'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be smtp://user:password@host:port or smtps://…')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Marketplace <no-reply@localhost>'),
    MAIL_RETRY_SECONDS: z.coerce.number().positive().max(86_400).default(60),
    RECONCILE_SECONDS: z.coerce.number().positive().max(86_400).default(60),
    // docs/decisions/0020: how often counted analytics events are written; reads flush first anyway.
    ANALYTICS_FLUSH_SECONDS: z.coerce.number().positive().max(3_600).default(10),
    CONTACT_TO: z.email().optional(),
    FORMS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
    CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    VERIFY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** The signing secret of a Connect webhook endpoint (events of connected accounts), when it is another endpoint than the platform's. */
    STRIPE_CONNECT_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    STRIPE_API_URL: z.url().optional(),
    ALLOW_SIMULATED_PAYMENTS: booleanFromText.default(false),
    PAYOUT_MODE: z.enum(['manual', 'connect']).default('manual'),
    PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(120).default(7),
    PAYOUT_SCHEDULE: z.enum(['daily', 'weekly']).default('weekly'),
    HOLD_REFUND_RATE: z.coerce.number().min(0).max(1).default(0.2),
    CUSTOM_WORK_REVISIONS: z.coerce.number().int().min(0).max(20).default(2),
    CUSTOM_WORK_AUTO_RELEASE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    WEBHOOK_ALLOW_PRIVATE: booleanFromText.default(false),
    PASSWORD_HASH_COST: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1_048_576)
      .refine((cost) => (cost & (cost - 1)) === 0, 'must be a power of two, e.g. 16384')
      .default(PRODUCTION_PASSWORD_HASH_COST),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (a scraper’s secret)').optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  })
  .refine((env) => (env.STRIPE_SECRET_KEY === undefined) === (env.STRIPE_PUBLISHABLE_KEY === undefined), {
    message: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together: set both or neither',
    path: ['STRIPE_PUBLISHABLE_KEY'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.STRIPE_SECRET_KEY === undefined || env.STRIPE_WEBHOOK_SECRET !== undefined, {
    message: 'is required with Stripe in production: without it a buyer whose browser never returns is never recorded',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.STRIPE_SECRET_KEY !== undefined || env.ALLOW_SIMULATED_PAYMENTS, {
    message:
      'is needed in production: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or ALLOW_SIMULATED_PAYMENTS=true to take simulated card payments',
    path: ['STRIPE_SECRET_KEY'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.PASSWORD_HASH_COST >= PRODUCTION_PASSWORD_HASH_COST, {
    message: `must be at least ${PRODUCTION_PASSWORD_HASH_COST} in production: a cheaper hash is guessed faster when a database leaks`,
    path: ['PASSWORD_HASH_COST'],
  })
  .refine((env) => env.PAYOUT_MODE !== 'connect' || env.STRIPE_SECRET_KEY !== undefined, {
    message: 'connect pays sellers through Stripe Connect: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or use manual',
    path: ['PAYOUT_MODE'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.TRUST_PROXY !== true, {
    message:
      'cannot be true in production: every hop would be believed, so a client could forge X-Forwarded-For and dodge the rate limits; give the number of proxies in front (e.g. 1) or their addresses',
    path: ['TRUST_PROXY'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.METRICS_TOKEN === undefined || env.METRICS_PORT !== undefined, {
    message:
      'serves metrics on the public port only outside production: in production set METRICS_PORT, a listener the scraper reaches and the internet does not',
    path: ['METRICS_TOKEN'],
  })
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT !== env.PORT, {
    message: 'must differ from PORT: metrics have a listener of their own',
    path: ['METRICS_PORT'],
  })
  .refine((env) => env.HEADERS_TIMEOUT_SECONDS <= env.REQUEST_TIMEOUT_SECONDS, {
    message: 'must not be shorter than HEADERS_TIMEOUT_SECONDS: the headers are part of the request',
    path: ['REQUEST_TIMEOUT_SECONDS'],
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((env) => !env.SMTP_URL || env.CONTACT_TO || env.ADMIN_EMAIL, {
    message: 'SMTP_URL needs a recipient for contact mails: set CONTACT_TO (or ADMIN_EMAIL)',
    path: ['CONTACT_TO'],
  });

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads, for the documentation's check (README.md's table and .env.example). */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type PaymentsConfig =
  | { provider: 'simulated' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      /** null: the webhook route refuses every event (development only; production requires it). */
      webhookSecret: string | null;
      /**
       * Stripe signs connected accounts' events (account.updated, docs/decisions/0012) with the
       * secret of its Connect endpoint; null: they come signed with `webhookSecret`.
       */
      connectWebhookSecret: string | null;
      /** Tests point the SDK at a local server speaking the Stripe API; null: api.stripe.com. */
      apiUrl: string | null;
    };

/** How sellers are paid (docs/decisions/0012). */
export interface PayoutsConfig {
  /** manual: docs/product-spec.md's withdrawals, paid by an admin; connect: transfers to the seller's Stripe account. */
  mode: 'manual' | 'connect';
  /** Connect mode: a sale's money becomes available to transfer this many days after payment (the refund window). */
  holdDays: number;
  /** Connect mode: how often the payout job transfers each seller's available balance. */
  schedule: 'daily' | 'weekly';
  /** A seller whose refunded share of sales rises above this fraction has their payouts held for review. */
  holdRefundRate: number;
}

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  /** Front ends on other origins that may send unsafe requests with the user's cookie (PUBLIC_URL always may). */
  allowedOrigins: string[];
  /**
   * Slow or stalled senders are cut off: seconds for the headers, for the whole request (body included),
   * of silence, and in which a body must make progress (see http/slow-bodies.ts).
   */
  timeouts: { headersSeconds: number; requestSeconds: number; idleSeconds: number; bodyIdleSeconds: number };
  /** After SIGTERM, seconds of serving while readiness says 503, so the balancer moves traffic away first. */
  shutdownDrainSeconds: number;
  logLevel: Env['LOG_LEVEL'];
  /** Log lines are appended to this file in buffered writes; unset: written to stdout as they come. */
  logFile: string | undefined;
  databaseUrl: string;
  /** PostgreSQL itself, for migrations and the start-up checks, when `databaseUrl` is a PgBouncer. */
  databaseDirectUrl: string | undefined;
  /** PostgreSQL connections per instance; instances × this must stay below the server's max_connections. */
  databasePoolMax: number;
  /** Production starts on a PostgreSQL with fsync, synchronous_commit or full_page_writes off (db/durability.ts). */
  allowUnsafeDurability: boolean;
  /** PostgreSQL statements running longer are cancelled (migrations are exempt). */
  databaseStatementTimeoutMs: number;
  dataDir: string;
  webDistDir: string;
  seedDemoData: boolean;
  admin: { email: string; password: string; name: string } | null;
  sessionTtlDays: number;
  /** ADMIN_REQUIRE_2FA: an admin without a second factor may only enrol one (docs/decisions/0016). */
  adminRequireSecondFactor: boolean;
  /** scrypt's N for new password hashes; tests lower it, production keeps at least 16384. */
  passwordHashCost: number;
  cookieSecure: boolean;
  authRateLimitPerMinute: number;
  /**
   * Passkeys' relying party (docs/decisions/0017): the RP ID (PUBLIC_URL's host) and the page
   * origins allowed to use it; null outside production without PUBLIC_URL: the page's own origin.
   */
  webauthn: { id: string; origins: string[] } | null;
  /** Fastify's trustProxy: false, true (every hop), a hop count, or the proxies' addresses and ranges. */
  trustProxy: boolean | number | string[];
  /** Largest accepted source-code archive, in bytes. */
  sourceMaxBytes: number;
  /** Source-code archives a non-admin may keep in all, in bytes. */
  uploadQuotaBytes: number;
  /** Product uploads a non-admin may make per hour. */
  uploadsPerHour: number;
  /** What a source archive may unpack to in all before its analysis refuses it, in bytes. */
  archiveMaxUnpackedBytes: number;
  /** LibreTranslate-compatible endpoint that turns search text into English; null: search as typed. */
  translateUrl: string | null;
  /** The bucket that keeps uploaded files; null: the local DATA_DIR folder. */
  s3: S3StorageOptions | null;
  /** Redis for events between instances; null: events stay in this process. */
  redisUrl: string | null;
  /** Put before every Redis channel name, so several deployments (or test runs) can share one Redis. */
  eventsChannelPrefix: string;
  /** SMTP server for outgoing mail; null: mails stay stored in the outbox and are logged. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Outbox rounds run this often; a failed mail waits this long, then twice as long after each further failure (up to an hour). */
  mailRetrySeconds: number;
  /**
   * The reconciliation job runs this often, and repairs refund claims and paid checkouts older than
   * this (docs/decisions/0008, "Repair, not hope").
   */
  reconcileSeconds: number;
  /** How often the storefront's counted events are written to the daily roll-up (docs/decisions/0020). */
  analyticsFlushSeconds: number;
  /** Who receives contact-form mails: CONTACT_TO, else ADMIN_EMAIL; null: contact messages are only stored. */
  contactTo: string | null;
  /** Comment, contact and hire-request submissions per minute and client address. */
  formsRateLimitPerMinute: number;
  /** Reskin chat messages per minute and signed-in user: a conversation, so more than a form, but no flood. */
  chatRateLimitPerMinute: number;
  /** Purchase-code checks per minute and seller API token. */
  verifyRateLimitPerMinute: number;
  /** Calls of the public API per token and minute, all of /api/v1 together (docs/decisions/0014). */
  apiRateLimitPerMinute: number;
  payments: PaymentsConfig;
  payouts: PayoutsConfig;
  /** Custom work in escrow (docs/decisions/0013): rounds of changes per milestone, and days before an unanswered delivery is released. */
  customWork: { revisions: number; autoReleaseDays: number };
  /**
   * Sellers' webhooks (docs/decisions/0015): `allowPrivate` lets deliveries reach loopback and private
   * addresses (development and tests only); `httpsOnly` refuses plain http endpoints (production, unless private ones are allowed).
   */
  webhooks: { allowPrivate: boolean; httpsOnly: boolean };
  /** Bearer token the scraper sends; on the public port (outside production) it is what turns metrics on. */
  metricsToken: string | null;
  /** A listener of its own for the scraper (GET /metrics); set, metrics leave the public port. */
  metricsPort: number | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * PUBLIC_URL's host is the RP ID; a passkey made there also works on the allowed origins under it
 * (app.example.com under example.com), which WebAuthn permits and nothing else.
 */
function relyingParty(env: Env): { id: string; origins: string[] } {
  const publicOrigin = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
  const id = new URL(publicOrigin).hostname;
  const underIt = env.ALLOWED_ORIGINS.filter((origin) => {
    const host = new URL(origin).hostname;
    return host === id || host.endsWith(`.${id}`);
  });
  return { id, origins: [...new Set([publicOrigin, ...underIt])] };
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../../web/dist');

/** Parses the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    allowedOrigins: env.ALLOWED_ORIGINS,
    timeouts: {
      headersSeconds: env.HEADERS_TIMEOUT_SECONDS,
      requestSeconds: env.REQUEST_TIMEOUT_SECONDS,
      idleSeconds: env.IDLE_TIMEOUT_SECONDS,
      bodyIdleSeconds: env.BODY_IDLE_TIMEOUT_SECONDS,
    },
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
    logLevel: env.LOG_LEVEL,
    logFile: env.LOG_FILE === undefined ? undefined : path.resolve(env.LOG_FILE),
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    allowUnsafeDurability: env.ALLOW_UNSAFE_DURABILITY,
    dataDir: path.resolve(env.DATA_DIR),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDist),
    // The demo accounts' passwords are published: production loads them only when asked to.
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production',
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME } : null,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    adminRequireSecondFactor: env.ADMIN_REQUIRE_2FA ?? env.NODE_ENV === 'production',
    passwordHashCost: env.PASSWORD_HASH_COST,
    cookieSecure: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    webauthn: env.PUBLIC_URL || env.NODE_ENV === 'production' ? relyingParty(env) : null,
    trustProxy: env.TRUST_PROXY,
    sourceMaxBytes: Math.floor(env.SOURCE_MAX_MB * 1024 * 1024),
    uploadQuotaBytes: Math.floor(env.UPLOAD_QUOTA_MB * 1024 * 1024),
    uploadsPerHour: env.UPLOAD_RATE_LIMIT_PER_HOUR,
    archiveMaxUnpackedBytes: Math.floor(env.ARCHIVE_MAX_UNPACKED_MB * 1024 * 1024),
    translateUrl: env.TRANSLATE_URL ?? null,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT ?? null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : null,
          prefix: env.S3_PREFIX,
        }
      : null,
    redisUrl: env.REDIS_URL ?? null,
    eventsChannelPrefix: env.EVENTS_CHANNEL_PREFIX,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    mailRetrySeconds: env.MAIL_RETRY_SECONDS,
    reconcileSeconds: env.RECONCILE_SECONDS,
    analyticsFlushSeconds: env.ANALYTICS_FLUSH_SECONDS,
    contactTo: env.CONTACT_TO ?? env.ADMIN_EMAIL ?? null,
    formsRateLimitPerMinute: env.FORMS_RATE_LIMIT_PER_MINUTE,
    chatRateLimitPerMinute: env.CHAT_RATE_LIMIT_PER_MINUTE,
    verifyRateLimitPerMinute: env.VERIFY_RATE_LIMIT_PER_MINUTE,
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    metricsToken: env.METRICS_TOKEN ?? null,
    metricsPort: env.METRICS_PORT ?? null,
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            provider: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
            connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
            apiUrl: env.STRIPE_API_URL ?? null,
          }
        : { provider: 'simulated' },
    payouts: {
      mode: env.PAYOUT_MODE,
      holdDays: env.PAYOUT_HOLD_DAYS,
      schedule: env.PAYOUT_SCHEDULE,
      holdRefundRate: env.HOLD_REFUND_RATE,
    },
    customWork: { revisions: env.CUSTOM_WORK_REVISIONS, autoReleaseDays: env.CUSTOM_WORK_AUTO_RELEASE_DAYS },
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      httpsOnly: env.NODE_ENV === 'production' && !env.WEBHOOK_ALLOW_PRIVATE,
    },
  };
}
