import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Read when Prometheus scrapes, never on a request's path. */
export interface MetricSources {
  /** PostgreSQL's pool; null on SQLite (one connection, no pool). */
  poolStats: () => { total: number; idle: number; waiting: number } | null;
  /** Mails stored and not yet sent. */
  outboxBacklog: () => Promise<number>;
  /** Ledger transactions that do not sum to zero, as this instance's last ledger check found; null before one ran here. */
  ledgerUnbalancedTransactions: () => number | null;
  /** What this instance's reconciliation rounds repaired since it started, by kind. */
  reconciliationRepairs: () => Record<string, number>;
  /** The differences the last comparison of Stripe with the ledger found, by kind; null before the first (or without Stripe). */
  providerDifferences: () => Promise<Record<string, number> | null>;
  /** Each configured dependency the instance serves without (Redis, SMTP, bucket): whether it answers now. */
  dependencies: () => Promise<Record<string, boolean>>;
}

/** What the chat routes report as event streams open and close. */
export interface StreamGauge {
  inc(): void;
  dec(): void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Compared as fixed-length digests, so neither the length nor the first differing byte leaks through timing. */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** This instance's Prometheus metrics, each app with a registry of its own. */
export class Metrics {
  readonly registry = new Registry();
  readonly chatStreams: StreamGauge;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const labelNames = ['method', 'route', 'status'] as const;
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern and status',
      labelNames,
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route pattern and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.chatStreams = new Gauge({ name: 'chat_event_streams_open', help: 'Reskin chat event streams open on this instance', registers });
    // Read only when scraped: their collect() asks the pool and the database.
    this.registry.registerMetric(
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections by state (total, idle, waiting requests)',
        labelNames: ['state'],
        registers: [],
        collect() {
          const stats = sources.poolStats();
          if (!stats) return;
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      }),
    );
    this.registry.registerMetric(
      new Gauge({
        name: 'ledger_unbalanced_transactions',
        help: 'Ledger transactions whose entries do not sum to zero, at the last check housekeeping ran on this instance (0 before one ran; must stay 0)',
        registers: [],
        collect() {
          const found = sources.ledgerUnbalancedTransactions();
          if (found !== null) this.set(found);
        },
      }),
    );
    this.registry.registerMetric(
      new Gauge({
        name: 'reconciliation_repairs',
        help: 'Money a crash or a lost webhook left unfinished that this instance repaired since it started, by kind (refund_completed, refund_let_go, purchase_recorded)',
        labelNames: ['kind'],
        registers: [],
        collect() {
          for (const [kind, count] of Object.entries(sources.reconciliationRepairs())) this.set({ kind }, count);
        },
      }),
    );
    this.registry.registerMetric(
      new Gauge({
        name: 'ledger_provider_differences',
        help: "Differences between Stripe's balance transactions and the ledger that the last daily comparison found, by kind (charge, refund, dispute, transfer … other); read from the database, so every instance reports the same run",
        labelNames: ['kind'],
        registers: [],
        async collect() {
          const found = await sources.providerDifferences();
          if (!found) return;
          for (const [kind, count] of Object.entries(found)) this.set({ kind }, count);
        },
      }),
    );
    this.registry.registerMetric(
      new Gauge({
        name: 'mail_outbox_backlog',
        help: 'Mails stored and not yet sent',
        registers: [],
        async collect() {
          this.set(await sources.outboxBacklog());
        },
      }),
    );
    this.registry.registerMetric(
      new Gauge({
        name: 'market_dependency_up',
        help: 'Whether a configured dependency outside readiness (redis, smtp, storage) answers: 1 up, 0 down',
        labelNames: ['dependency'],
        registers: [],
        async collect() {
          this.reset();
          for (const [dependency, up] of Object.entries(await sources.dependencies())) this.set({ dependency }, up ? 1 : 0);
        },
      }),
    );
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }
}

/** The scraper's answer, or 401 when a token is set and not sent. */
async function scrape(metrics: Metrics, token: string | null, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (token !== null && !sameSecret(given, token)) {
    return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Send Authorization: Bearer with the METRICS_TOKEN' });
  }
  return reply
    .type(metrics.registry.contentType)
    .header('cache-control', 'no-store')
    .send(await metrics.registry.metrics());
}

export interface MetricsOptions {
  metrics: Metrics;
  token: string | null;
  /** Where the scraper reads them: a listener of its own, or null for GET /api/metrics on the public port. */
  listener: { host: string; port: number } | null;
}

/**
 * Counts every answer and serves the count to Prometheus. With a listener of its own (METRICS_PORT),
 * the scraper reads GET /metrics there, opened and closed with the app, and the public port
 * answers 404 for /api/metrics like any unknown call: an instance's numbers are nobody else's
 * business, and the listener need only be reachable from the scraper. Without one (never in
 * production, see platform/config.ts), GET /api/metrics on the public port, for `Authorization:
 * Bearer METRICS_TOKEN`.
 */
export const metricsRoute = fp<MetricsOptions>(async function metricsRoute(app: FastifyInstance, { metrics, token, listener }) {
  // A callback hook, as the access line's: an async one's promise and extra turn cost every answer (docs/decisions/0021).
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern, never the raw URL: ids in paths would make a series per product.
    metrics.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (!listener) {
    app.get('/api/metrics', { schema: { hide: true } }, (request, reply) => scrape(metrics, token, request, reply));
    return;
  }
  const scraper = Fastify({ logger: false });
  scraper.get('/metrics', (request, reply) => scrape(metrics, token, request, reply));
  // Bound when the app gets ready, so a port already taken fails the start loudly.
  app.addHook('onReady', async () => {
    await scraper.listen(listener);
  });
  app.addHook('onClose', async () => {
    await scraper.close();
  });
});
