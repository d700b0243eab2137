import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { API_PATHS, API_V1_PREFIX, MAX_IMAGE_BYTES, MAX_SCREENSHOTS } from '@market/contracts';
import Fastify, { type FastifyPluginOptions, LogController } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/index.js';
import { compression } from './http/compression.js';
import { errorHandling } from './http/error-handling.js';
import { Metrics, metricsRoute } from './http/metrics.js';
import { openApi } from './http/openapi.js';
import { REQUEST_ID_LOG_LABEL, requestIdOf, requestLog, requestLoggerOf } from './http/request-log.js';
import { sameOrigin } from './http/same-origin.js';
import { requestText } from './http/request-text.js';
import { security } from './http/security.js';
import { slowBodies } from './http/slow-bodies.js';
import { spa } from './http/spa.js';
import { strictRequestSchemas } from './http/strict-schemas.js';
import { accountRoutes, authentication, authRoutes, passkeyRoutes, twoFactorRoutes } from './modules/auth/index.js';
import { commentRoutes } from './modules/comments/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { fileRoutes } from './modules/files/index.js';
import { hireRoutes } from './modules/hire/index.js';
import { DependencyChecks, healthRoutes, Readiness } from './modules/health/index.js';
import { peopleRoutes } from './modules/people/index.js';
import { basketRoutes } from './modules/baskets/index.js';
import { catalogueRoutes } from './modules/catalogue/index.js';
import { licenceRoutes } from './modules/licences/index.js';
import { apiV1Routes } from './modules/api-v1/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { moderationRoutes } from './modules/moderation/index.js';
import { productRoutes } from './modules/products/index.js';
import { releaseRoutes } from './modules/releases/index.js';
import { archiveRoutes } from './modules/archives/index.js';
import { reviewRoutes } from './modules/reviews/index.js';
import { reskinRoutes } from './modules/reskin-chat/index.js';
import { paymentRoutes } from './modules/payments/index.js';
import { purchaseRoutes } from './modules/purchases/index.js';
import { refundRoutes } from './modules/refunds/index.js';
import { missingPageHtml, pageRoutes } from './modules/pages/index.js';
import { viewRoutes } from './modules/views/index.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { withdrawalRoutes } from './modules/withdrawals/index.js';
import { payoutRoutes } from './modules/payouts/index.js';
import { reconciliationRoutes } from './modules/reconciliation/index.js';
import { discountRoutes } from './modules/discounts/index.js';
import { saleRoutes } from './modules/sales/index.js';
import { bundleRoutes } from './modules/bundles/index.js';
import { customWorkRoutes } from './modules/custom-work/index.js';
import { connectRoutes } from './modules/connect/index.js';
import { webhookRoutes } from './modules/webhooks/index.js';
import { studioAccess, studioRoutes } from './modules/studios/index.js';
import type { Config } from './platform/config.js';
import type { Logger } from './platform/logger.js';
import type { Services } from './services.js';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  /** The process's one logger (platform/logger.ts), the services' too. */
  log: Logger;
  /** Given by the process that drains it on shutdown; otherwise the app keeps its own. */
  readiness?: Readiness;
}

/** Card clicks per visitor and minute; far above a person's pace, far below a script's. */
const VIEW_RATE_LIMIT_PER_MINUTE = 60;

const trustNearestHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole marketplace as one Fastify instance: API under /api, the built SPA everywhere else. */
export async function buildApp(given: AppDependencies) {
  const { config, database, services, log } = given;
  const app = Fastify({
    loggerInstance: log,
    // requestLog writes one line per request instead of Fastify's two, without the query string.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    requestIdHeader: false,
    genReqId: requestIdOf,
    childLoggerFactory: requestLoggerOf,
    // A hop count trusts that many proxies nearest this server, as proxy-addr counts them.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Node checks header deadlines every connectionsCheckingInterval; Fastify turns its request deadline off unless set.
    http: {
      headersTimeout: config.timeouts.headersSeconds * 1000,
      connectionsCheckingInterval: Math.min(config.timeouts.headersSeconds * 1000, 5_000),
    },
    requestTimeout: config.timeouts.requestSeconds * 1000,
    connectionTimeout: config.timeouts.idleSeconds * 1000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestLog, { log });
  await app.register(slowBodies, { idleSeconds: config.timeouts.bodyIdleSeconds });
  const dependencies = new DependencyChecks({
    redisUrl: config.redisUrl,
    smtpUrl: config.smtpUrl,
    storage: config.s3 ? services.storage : null,
  });
  const metrics =
    config.metricsToken || config.metricsPort
      ? new Metrics({
          poolStats: () => database.poolStats?.() ?? null,
          outboxBacklog: () => services.mail.backlog(),
          ledgerUnbalancedTransactions: () => services.housekeeping.lastLedgerCheck?.unbalancedTransactions.length ?? null,
          reconciliationRepairs: () => services.reconciliation.repairs,
          providerDifferences: () => services.providerReconciliation.lastDifferencesByKind(),
          dependencies: async () =>
            Object.fromEntries(Object.entries((await dependencies.report()).checks).map(([name, check]) => [name, check.status === 'ok'])),
        })
      : null;
  if (metrics) {
    const listener = config.metricsPort ? { host: config.host, port: config.metricsPort } : null;
    await app.register(metricsRoute, { metrics, token: config.metricsToken, listener });
  }
  await app.register(errorHandling);
  await app.register(security, {
    stripeCheckout: config.payments.provider === 'stripe',
    rateLimitRedisUrl: config.redisUrl,
    redisPrefix: config.eventsChannelPrefix,
  });
  await app.register(compression);
  await app.register(openApi);
  // Before the session is looked up: a forged request is refused without touching the database.
  await app.register(sameOrigin, {
    publicUrl: config.publicUrl,
    allowedOrigins: config.allowedOrigins,
    exemptPaths: [API_PATHS.payment.webhook],
    exemptPrefixes: [API_V1_PREFIX],
  });
  await app.register(requestText);
  await app.register(strictRequestSchemas);
  await app.register(cookie);
  // Only the routes reading multipart bodies (uploads, releases, deliveries, chat attachments) have the
  // plugin in their scope: its two hooks run on every request they cover, and every other route
  // refuses a multipart body as an unsupported type (docs/decisions/0021).
  const withMultipartBodies = <Options extends FastifyPluginOptions>(routes: FastifyPluginAsyncZod<Options>, options: Options) =>
    app.register(async (scope) => {
      await scope.register(multipart, {
        // Per-field limits (images, source archive) are enforced while reading; these are the outer bounds.
        limits: {
          fileSize: Math.max(config.sourceMaxBytes, MAX_IMAGE_BYTES) + 1,
          files: MAX_SCREENSHOTS + 3,
          fields: 40,
          fieldSize: 4 * 1024 * 1024,
          parts: 60,
        },
      });
      await scope.register(routes, options);
    });
  await app.register(authentication, { auth: services.auth, cookieSecure: config.cookieSecure });
  // Right after the session is known: a member acting for a studio is refused what their role lacks (docs/decisions/0018).
  await app.register(studioAccess, { studios: services.studios });

  // The bus outlives every route: closed last, after the routes' own subscriptions have ended.
  const stopFollowingCatalogue = await services.catalogue.followChanges();
  app.addHook('onClose', async () => {
    // An analysis under way reads storage and writes its report: let it finish before the database closes.
    await services.archives.idle();
    // A webhook attempt under way records its outcome: let it finish before the database closes.
    await services.webhooks.settled();
    await stopFollowingCatalogue();
    await services.events.close();
  });

  const readiness = given.readiness ?? new Readiness(database);
  // While draining, keep-alive clients are told to reconnect, which the balancer sends elsewhere.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', () => dependencies.close());
  await app.register(healthRoutes, { database, readiness, dependencies });
  await app.register(authRoutes, {
    auth: services.auth,
    passwordReset: services.passwordReset,
    cookieSecure: config.cookieSecure,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(passkeyRoutes, {
    passkeys: services.passkeys,
    relyingParty: config.webauthn,
    cookieSecure: config.cookieSecure,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(accountRoutes, { account: services.account, auth: services.auth });
  await app.register(twoFactorRoutes, {
    auth: services.auth,
    cookieSecure: config.cookieSecure,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });

  await app.register(catalogueRoutes, { catalogue: services.catalogue });
  await withMultipartBodies(productRoutes, { products: services.products, idempotency: services.idempotency });
  await app.register(moderationRoutes, { moderation: services.moderation });
  await withMultipartBodies(releaseRoutes, { releases: services.releases });
  await app.register(archiveRoutes, { archives: services.archives });
  await app.register(notificationRoutes, { notifications: services.notifications });
  await app.register(viewRoutes, { views: services.views, rateLimitPerMinute: VIEW_RATE_LIMIT_PER_MINUTE });
  await app.register(analyticsRoutes, { analytics: services.analytics, rateLimitPerMinute: VIEW_RATE_LIMIT_PER_MINUTE });
  // What was counted since the last flush is stored before the database closes (docs/decisions/0020).
  app.addHook('onClose', async () => {
    await services.analytics.flush().catch((error: unknown) => log.warn({ err: error }, 'analytics flush at shutdown failed'));
  });
  await app.register(fileRoutes, { storage: services.storage });
  await app.register(withdrawalRoutes, { withdrawals: services.withdrawals });
  await app.register(connectRoutes, { connect: services.connect, payouts: services.connectPayouts });
  await app.register(payoutRoutes, { payouts: services.payouts });
  await app.register(reconciliationRoutes, { reconciliation: services.providerReconciliation });
  await app.register(discountRoutes, { discounts: services.discounts });
  await app.register(saleRoutes, { sales: services.sales });
  await app.register(bundleRoutes, { bundles: services.bundles });
  await withMultipartBodies(customWorkRoutes, { customWork: services.customWork });
  await app.register(webhookRoutes, { webhooks: services.webhooks, licences: services.licences });
  await app.register(studioRoutes, { studios: services.studios });
  await app.register(peopleRoutes, { people: services.people });
  await withMultipartBodies(reskinRoutes, {
    chat: services.reskinChat,
    rateLimitPerMinute: config.chatRateLimitPerMinute,
    openStreams: metrics?.chatStreams,
  });
  await app.register(commentRoutes, { comments: services.comments, rateLimitPerMinute: config.formsRateLimitPerMinute });
  await app.register(reviewRoutes, { reviews: services.reviews, rateLimitPerMinute: config.formsRateLimitPerMinute });
  await app.register(contactRoutes, { contact: services.contact, rateLimitPerMinute: config.formsRateLimitPerMinute });
  await app.register(hireRoutes, { hire: services.hire, rateLimitPerMinute: config.formsRateLimitPerMinute });
  // A mail being handed to the SMTP server finishes before the database closes.
  app.addHook('onClose', async () => {
    await services.mail.settled();
    services.mail.close();
  });
  await app.register(basketRoutes, { baskets: services.baskets });
  await app.register(paymentRoutes, { payments: services.payments });
  await app.register(purchaseRoutes, { purchases: services.purchases });
  await app.register(refundRoutes, { refunds: services.refunds, rateLimitPerMinute: config.formsRateLimitPerMinute });
  await app.register(licenceRoutes, {
    licences: services.licences,
    verifyRateLimitPerMinute: config.verifyRateLimitPerMinute,
  });
  await withMultipartBodies(apiV1Routes, {
    licences: services.licences,
    products: services.products,
    withdrawals: services.withdrawals,
    releases: services.releases,
    archives: services.archives,
    reviews: services.reviews,
    rateLimitPerMinute: config.apiRateLimitPerMinute,
  });
  await app.register(pageRoutes, {
    catalogue: services.catalogue,
    clock: services.clock,
    webDistDir: config.webDistDir,
    publicUrl: config.publicUrl,
  });

  await app.register(spa, { webDistDir: config.webDistDir, missingPage: (pathname) => missingPageHtml(config.webDistDir, pathname) });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
