import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@market/contracts';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp, uniqueChannelPrefix } from './test/helper.js';
import { freePort } from './test/processes.js';

describe('the HTTP shell', () => {
  it('answers /api/health with the database kind', async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: ctx.dialect });
  });

  it('says it is live and ready when its database answers, and which dependency it checked', async () => {
    const ctx = await buildTestApp();
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });

    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', draining: false, checks: { database: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it.runIf(process.env.TEST_REDIS_URL)('reports a configured Redis under /api/health, never in readiness', async () => {
    const ctx = await buildTestApp({ REDIS_URL: process.env.TEST_REDIS_URL!, EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix() });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });

    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', draining: false, checks: { database: 'ok' } });
    expect(health.json()).toEqual({ status: 'ok', database: ctx.dialect, dependencies: { redis: { status: 'ok' } } });
  });

  it('says degraded, still with 200 and the reason, when a configured Redis and mail server do not answer', async () => {
    const closedPort = await freePort();
    const ctx = await buildTestApp({
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
      CONTACT_TO: 'owner@example.com',
      EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix(),
    });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });

    expect(ready.statusCode).toBe(200);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({
      status: 'degraded',
      database: ctx.dialect,
      dependencies: {
        redis: { status: 'failed', reason: expect.stringMatching(/ECONNREFUSED|Connection is closed|closed/) },
        smtp: { status: 'failed', reason: expect.stringContaining('ECONNREFUSED') },
      },
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such API call: GET /api/no-such-thing' });
  });

  it('hides the details of a server error from the caller', async () => {
    const ctx = await buildTestApp();
    ctx.app.get('/api/test-failure', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test-failure' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(response.body).not.toContain('secret');
  });

  it('sends security headers and a content security policy', async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('reads a multipart body only where a route takes a form', async () => {
    const ctx = await buildTestApp();
    const form = {
      headers: { 'content-type': 'multipart/form-data; boundary=part' },
      payload: '--part\r\nContent-Disposition: form-data; name="message"\r\n\r\nA port, please.\r\n--part--\r\n',
    };

    const contact = await ctx.app.inject({ method: 'POST', url: API_PATHS.contact.messages, ...form });
    const upload = await ctx.app.inject({ method: 'POST', url: API_PATHS.product.upload, ...form });

    expect(contact.statusCode).toBe(415);
    expect(contact.json()).toEqual({ message: expect.stringContaining('Unsupported Media Type') });
    // Read as a form, then refused for who sends it.
    expect(upload.statusCode).toBe(401);
  });

  it('lists every API route in the OpenAPI document at /api/docs', async () => {
    const ctx = await buildTestApp();
    const apiRoutes: string[] = [];
    ctx.app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) apiRoutes.push(route.url);
    });
    await ctx.app.ready();
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });

    expect(ui.statusCode).toBe(200);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/user/signIn',
        '/api/user/addUser',
        '/api/user/signOut',
        '/api/user/currentUser',
        '/api/user/getUsers',
      ]),
    );
    for (const url of apiRoutes) expect(Object.keys(document.paths)).toContain(url.replace(/:(\w+)/g, '{$1}'));
  });

  it('names every operation once and says which need the session cookie, what multipart bodies hold and which answers are files', async () => {
    const ctx = await buildTestApp();
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId?: string;
            security?: unknown;
            requestBody?: { content: Record<string, unknown> };
            responses: Record<string, { content?: Record<string, unknown> }>;
          }
        >
      >;
    };
    const operations = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, ...operation })),
    );
    const operation = (key: string) => operations.find((candidate) => candidate.key === key)!;

    const ids = operations.map((candidate) => candidate.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('GET /api/product/{id}').operationId).toBe('getProductById');

    expect(operation('GET /api/purchase/allPurchases').security).toEqual([{ session: [] }]);
    expect(operation('GET /api/user/getUsers').security).toEqual([{ session: [] }]);
    // A public call says it needs nothing (Redocly's security-defined), rather than leaving it unsaid.
    expect(operation('GET /api/health').security).toEqual([]);
    // The sellers' verify call: a bearer token, not the cookie, with a curl example to copy.
    const verify = operation('GET /api/licence/verify') as { security?: unknown; description?: string };
    expect(verify.security).toEqual([{ sellerToken: [] }]);
    expect(verify.description).toContain('curl -H "Authorization: Bearer');

    const upload = operation('POST /api/product/uploadProduct').requestBody!.content['multipart/form-data'] as {
      schema: { properties: Record<string, unknown> };
    };
    expect(Object.keys(upload.schema.properties)).toEqual(
      expect.arrayContaining(['title', 'singleAppLicense', 'featureImg', 'sourceCode']),
    );
    expect(operation('PUT /api/product/editProduct/{id}').requestBody!.content).toHaveProperty('multipart/form-data');
    expect(operation('POST /api/reskin/reskinFeatureUser').requestBody!.content).toHaveProperty('multipart/form-data');

    expect(operation('GET /api/product/{id}/source-code').responses['200']!.content).toHaveProperty('application/zip');
    expect(operation('GET /api/reskin/stream').responses['200']!.content).toHaveProperty('text/event-stream');
  });

  it('names the entities as component schemas and refers to them from the operations', async () => {
    const ctx = await buildTestApp();
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
    };
    const answer = (url: string, method = 'get', status = '200') =>
      document.paths[url]![method]!.responses[status]!.content['application/json']!.schema;

    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ProductSummary', 'ProductDetail', 'Purchase', 'SessionUser', 'Error', 'Withdrawal']),
    );
    expect(Object.keys(document.components.schemas.ProductDetail!.properties!)).toEqual(
      expect.arrayContaining(['slug', 'userId', 'updatedAt']),
    );
    expect(document.components.schemas).not.toHaveProperty('ProductSummaryInput');
    expect(answer('/api/product/{id}')).toEqual({ $ref: '#/components/schemas/ProductDetail' });
    expect(answer('/api/product/uploaded-products')).toEqual({ type: 'array', items: { $ref: '#/components/schemas/ProductSummary' } });
    expect(answer('/api/user/signIn', 'post', '400')).toEqual({ $ref: '#/components/schemas/Error' });
    // OpenAPI 3.0's `nullable` means nothing without a `type` beside it (Redocly's nullable-type-sibling).
    expect(document.components.schemas.ModerationState!.properties!.lastDecision).toEqual({
      nullable: true,
      type: 'object',
      allOf: [{ $ref: '#/components/schemas/ModerationDecision' }],
    });
  });

  it('serves the web app for page routes so client-side routes survive a reload', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    onTestFinished(() => rmSync(webDist, { recursive: true, force: true }));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Marketplace</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const ctx = await buildTestApp({ WEB_DIST_DIR: webDist });

    const page = await ctx.app.inject({ method: 'GET', url: '/userPanel/purchases' });
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    const api = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
