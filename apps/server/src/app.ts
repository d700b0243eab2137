import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/index.js';
import { errorHandling } from './http/error-handling.js';
import { openApi } from './http/openapi.js';
import { security } from './http/security.js';
import { spa } from './http/spa.js';
import { authentication, authRoutes } from './modules/auth/index.js';
import { healthRoutes } from './modules/health/index.js';
import type { Config } from './platform/config.js';
import type { Services } from './services.js';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  logger?: FastifyServerOptions['logger'];
}

/** The whole marketplace as one Fastify instance: API under /api, the built SPA everywhere else. */
export async function buildApp({ config, database, services, logger }: AppDependencies) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // One line per request drowns the useful lines; debug and trace bring them back.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandling);
  await app.register(security);
  await app.register(openApi);
  await app.register(cookie);
  await app.register(authentication, { auth: services.auth, cookieSecure: config.cookieSecure });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, {
    auth: services.auth,
    cookieSecure: config.cookieSecure,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });

  await app.register(spa, { webDistDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
