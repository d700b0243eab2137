import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger.js';
import { buildTestApp } from '../test/helper.js';
import { type AccessLine, accessLogOf } from './request-log.js';

const withoutTime = (text: string) => text.replace(/"time":\d+/, '"time":0');

/** The app's log lines, parsed, as an operator's log shipper would receive them. */
function logCollector() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('request ids and the access log', () => {
  it('keeps a safe incoming X-Request-Id, returns it, and writes it on the one access line of that request', async () => {
    const log = logCollector();
    const ctx = await buildTestApp({}, { log: log.logger });

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/product/search?q=private-words',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });

    expect(response.headers['x-request-id']).toBe('lb-7f3a.42');
    const lines = log.lines.filter((line) => line.requestId === 'lb-7f3a.42');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', route: '/api/product/search', statusCode: 200 });
    expect(typeof lines[0]!.durationMs).toBe('number');
    expect(JSON.stringify(log.lines)).not.toContain('private-words');
  });

  it('counts the bytes of a streamed answer off the socket when it announced no length', async () => {
    const log = logCollector();
    const ctx = await buildTestApp({}, { log: log.logger });
    ctx.app.get('/api/test-stream', async (_request, reply) =>
      reply.type('text/plain').send(Readable.from(['a'.repeat(5000), 'b'.repeat(3000)])),
    );
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;

    const response = await fetch(`http://127.0.0.1:${port}/api/test-stream`, {
      headers: { 'x-request-id': 'lb-stream', 'accept-encoding': 'identity' },
    });
    expect((await response.text()).length).toBe(8000);
    await ctx.app.close();

    const line = log.lines.find((entry) => entry.requestId === 'lb-stream');
    expect(response.headers.get('content-length')).toBeNull();
    // The body (chunked) plus the status line and headers: more than the body, far less than twice it.
    expect(line!.responseBytes).toBeGreaterThan(8000);
    expect(line!.responseBytes).toBeLessThan(9000);
    expect(line).toMatchObject({ clientIp: '127.0.0.1', userAgent: 'node' });
  });

  it('takes the client address from X-Forwarded-For only from a trusted hop, and logs the body size sent', async () => {
    const log = logCollector();
    const ctx = await buildTestApp({ TRUST_PROXY: '10.0.0.2' }, { log: log.logger });

    const viaBalancer = await ctx.app.inject({
      method: 'GET',
      url: '/api/product/list',
      remoteAddress: '10.0.0.2',
      headers: {
        'x-request-id': 'lb-trusted',
        'user-agent': 'Browser/1.0',
        'x-forwarded-for': '203.0.113.9',
        'accept-encoding': 'identity',
      },
    });
    await ctx.app.inject({
      method: 'GET',
      url: '/api/product/list',
      remoteAddress: '198.51.100.4',
      headers: { 'x-request-id': 'lb-forged', 'x-forwarded-for': '203.0.113.77' },
    });

    const trusted = log.lines.find((line) => line.requestId === 'lb-trusted');
    const forged = log.lines.find((line) => line.requestId === 'lb-forged');
    expect(trusted).toMatchObject({
      clientIp: '203.0.113.9',
      userAgent: 'Browser/1.0',
      responseBytes: Buffer.byteLength(viaBalancer.body),
    });
    expect(forged).toMatchObject({ clientIp: '198.51.100.4' });
  });

  it('writes the services’ lines to the same log as the requests', async () => {
    const log = logCollector();
    const ctx = await buildTestApp({}, { log: log.logger });

    await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'x-request-id': 'lb-contact.1' },
      payload: { name: 'Dana Studio', email: 'dana@studio.example', companyName: 'Dana Games Ltd', message: 'A port, please.' },
    });

    expect(log.lines.map((line) => line.msg)).toEqual([
      'contact message stored; no CONTACT_TO or ADMIN_EMAIL, so it is not mailed',
      'request',
    ]);
  });

  it('replaces a missing or unsafe X-Request-Id with a random one, different per request', async () => {
    const ctx = await buildTestApp();
    const unsafe = await ctx.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'bad id\nforged log line' } });
    const first = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });

    for (const response of [unsafe, first, second]) expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('never writes a cookie, password or token, and names method and URL on an error line', async () => {
    const log = logCollector();
    const ctx = await buildTestApp({}, { log: log.logger });
    ctx.app.get('/api/test-failure', async () => {
      throw new Error('boom');
    });

    await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      headers: { cookie: 'sid=session-secret-value' },
      payload: { email: 'someone@example.com', password: 'password-secret-value' },
    });
    const failure = await ctx.app.inject({
      method: 'GET',
      url: '/api/test-failure?token=token-secret-value',
      headers: { 'x-request-id': 'req-failing' },
    });

    expect(failure.statusCode).toBe(500);
    const text = JSON.stringify(log.lines);
    for (const secret of ['session-secret-value', 'password-secret-value', 'token-secret-value']) expect(text).not.toContain(secret);
    expect(log.lines.find((line) => line.msg === 'request failed')).toMatchObject({
      level: 50,
      requestId: 'req-failing',
      method: 'GET',
      url: '/api/test-failure',
    });
    expect(log.lines.find((line) => line.route === '/api/user/signIn')).toMatchObject({ method: 'POST', statusCode: 401 });
  });

  it('writes an access line byte for byte as the app’s logger writes the same fields, whatever its texts hold', () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('debug', stream);
    const writeAccessLine = accessLogOf(logger);
    const base: AccessLine = {
      requestId: 'lb-7f3a.42',
      method: 'GET',
      route: '/api/product/by-slug/:slug',
      statusCode: 200,
      durationMs: 0.4,
      clientIp: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      responseBytes: 1607,
    };
    const lines: AccessLine[] = [
      base,
      { ...base, userAgent: undefined, responseBytes: undefined, route: 'unmatched', statusCode: 404 },
      { ...base, userAgent: 'quote " backslash \\ newline \n bell \u0007 tab \t é 漢字 \u2028 😀', durationMs: 12.5 },
      { ...base, method: 'POST', clientIp: '::ffff:10.0.0.2', durationMs: 0 },
    ];

    for (const line of lines) {
      writeAccessLine('info', line);
      logger.info(line, 'request');
      const [ours, pinos] = written.splice(0);
      expect(withoutTime(ours!)).toBe(withoutTime(pinos!));
    }
    writeAccessLine('debug', base);
    logger.debug(base, 'request');
    const [ours, pinos] = written.splice(0);
    expect(withoutTime(ours!)).toBe(withoutTime(pinos!));
    expect(JSON.parse(ours!)).toMatchObject({ level: 20, requestId: 'lb-7f3a.42', msg: 'request' });
  });

  it('leaves a balancer’s probe out of the log at info and writes it at debug', async () => {
    for (const [level, written] of [
      ['info', 0],
      ['debug', 1],
    ] as const) {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const ctx = await buildTestApp({}, { log: createLogger(level, stream) });
      await ctx.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'lb-probe' } });
      expect(lines.filter((line) => line.includes('"requestId":"lb-probe"'))).toHaveLength(written);
    }
  });

  it('gives a route’s own lines, and its child logger’s, the request id', async () => {
    const log = logCollector();
    const ctx = await buildTestApp({}, { log: log.logger });
    ctx.app.get('/api/test-logging', async (request) => {
      request.log.warn({ step: 'checked' }, 'a route line');
      request.log.child({ part: 'inner' }).info('a child line');
      return { level: request.log.level };
    });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/test-logging', headers: { 'x-request-id': 'lb-route-lines' } });

    expect(response.json()).toEqual({ level: 'info' });
    expect(log.lines.filter((line) => line.requestId === 'lb-route-lines').map((line) => [line.msg, line.level])).toEqual([
      ['a route line', 40],
      ['a child line', 30],
      ['request', 30],
    ]);
    expect(log.lines.find((line) => line.msg === 'a child line')).toMatchObject({ part: 'inner' });
  });
});
