import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.js';
import { freePort } from '../test/processes.js';
import { buildTestApp, createUser, injectAs, uniqueChannelPrefix } from '../test/helper.js';
import { ownRedisServer } from '../test/redisServer.js';

const TOKEN = 'scrape-secret-0123456789';

describe('GET /api/metrics', () => {
  it('answers 404 JSON when METRICS_TOKEN is not set, like any unknown API call', async () => {
    const ctx = await buildTestApp();

    const response = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such API call: GET /api/metrics' });
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const ctx = await buildTestApp({ METRICS_TOKEN: TOKEN });

    const without = await ctx.app.inject({ method: 'GET', url: '/api/metrics' });
    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });

    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ message: 'Send Authorization: Bearer with the METRICS_TOKEN' });
    expect(wrong.statusCode).toBe(401);
  });

  it('gives the scraper a Prometheus document with requests by route pattern and status, the outbox backlog and process metrics', async () => {
    const ctx = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const user = await createUser(ctx);
    await injectAs(ctx, user, { method: 'GET', url: '/api/product/no-such-product-id' });
    await ctx.services.mail.enqueue({ to: 'someone@market.example', subject: 'Waiting', text: 'Body' });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = response.body;
    expect(body).toMatch(/^http_requests_total\{method="GET",route="\/api\/product\/:id",status="404"\} 1$/m);
    expect(body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/product\/:id",status="404"\} 1$/m);
    expect(body).not.toContain('no-such-product-id');
    expect(body).toMatch(/^mail_outbox_backlog 1$/m);
    expect(body).toMatch(/^chat_event_streams_open 0$/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(/^db_pool_connections\{state="total"\} \d+$/m.test(body)).toBe(ctx.dialect === 'postgres');
  });
});

describe('market_dependency_up', () => {
  it('is 1 for a configured dependency that answers, 0 for one that does not, and absent for one not configured', async () => {
    const redis = await ownRedisServer();
    const ctx = await buildTestApp({ METRICS_TOKEN: TOKEN, REDIS_URL: redis.url, EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix() });
    const scrape = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

    expect(await scrape()).toMatch(/^market_dependency_up\{dependency="redis"\} 1$/m);
    await redis.stop();
    const down = await scrape();
    expect(down).toMatch(/^market_dependency_up\{dependency="redis"\} 0$/m);
    expect(down).not.toContain('dependency="smtp"');
    expect(down).not.toContain('dependency="storage"');
    await redis.start();
    await expect.poll(scrape, { timeout: 10_000 }).toMatch(/^market_dependency_up\{dependency="redis"\} 1$/m);
  });
});

describe('METRICS_PORT', () => {
  it('serves the metrics on a listener of their own and answers 404 for them on the public port', async () => {
    const metricsPort = await freePort();
    const ctx = await buildTestApp({ METRICS_PORT: String(metricsPort), HOST: '127.0.0.1' });
    await ctx.app.ready();
    await ctx.app.inject({ method: 'GET', url: '/api/product/no-such-product-id' });

    const publicAnswer = await ctx.app.inject({ method: 'GET', url: '/api/metrics' });
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);

    expect(publicAnswer.statusCode).toBe(404);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toMatch(/^http_requests_total\{method="GET",route="\/api\/product\/:id",status="404"\} 1$/m);
  });

  it('still asks for the token on its own listener when METRICS_TOKEN is set too', async () => {
    const metricsPort = await freePort();
    const ctx = await buildTestApp({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN, HOST: '127.0.0.1' });
    await ctx.app.ready();

    const without = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    const withToken = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });

    expect(without.status).toBe(401);
    expect(withToken.status).toBe(200);
  });

  it('closes its listener with the app', async () => {
    const metricsPort = await freePort();
    const ctx = await buildTestApp({ METRICS_PORT: String(metricsPort), HOST: '127.0.0.1' });
    await ctx.app.ready();
    await ctx.app.close();

    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow('fetch failed');
  });

  it('is refused in production when the token would put metrics on the public port', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN, ALLOW_SIMULATED_PAYMENTS: 'true' })).toThrow(
      /METRICS_TOKEN.*METRICS_PORT/s,
    );
  });
});
