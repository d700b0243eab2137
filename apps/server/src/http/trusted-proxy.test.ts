import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../test/helper.js';

/** A reverse proxy as HAProxy or nginx is set up: it appends the client's address to X-Forwarded-For. */
async function startAppendingProxy(target: string): Promise<string> {
  const upstream = new URL(target);
  const proxy: Server = createServer((incoming, outgoing) => {
    const forwarded = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');
    const forwardedRequest = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwardedRequest);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

describe('behind one trusted proxy', () => {
  it('counts wrong sign-ins by the address the proxy saw, whatever X-Forwarded-For the client forges', async () => {
    const ctx = await buildTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '10' });
    const appUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const proxyUrl = await startAppendingProxy(appUrl);

    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 15; attempt += 1) {
      const response = await fetch(`${proxyUrl}/api/user/signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${attempt}` },
        body: JSON.stringify({ email: 'nobody@example.com', password: `wrong-password-${attempt}` }),
      });
      statuses.push(response.status);
    }

    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
  });
});

/** Fifteen wrong sign-ins from one peer, each forging another X-Forwarded-For; their statuses. */
async function forgedSignIns(app: Awaited<ReturnType<typeof buildTestApp>>['app'], peer: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 15; attempt += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      remoteAddress: peer,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${attempt}` },
      payload: { email: 'nobody@example.com', password: `wrong-password-${attempt}` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY naming the balancer’s address', () => {
  it('ignores X-Forwarded-For from a client that reaches the instance directly, so the rate limit holds', async () => {
    const ctx = await buildTestApp({ TRUST_PROXY: '10.0.0.2,fd00::/8', AUTH_RATE_LIMIT_PER_MINUTE: '10' });

    const statuses = await forgedSignIns(ctx.app, '198.51.100.4');

    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
  });

  it('believes the balancer itself: each forwarded client is counted on its own', async () => {
    const ctx = await buildTestApp({ TRUST_PROXY: '10.0.0.0/24', AUTH_RATE_LIMIT_PER_MINUTE: '10' });

    const statuses = await forgedSignIns(ctx.app, '10.0.0.2');

    expect(statuses).toEqual(Array.from({ length: 15 }, () => 401));
  });

  it('whereas a hop count believes a direct client’s forgery: why README asks for the address', async () => {
    const ctx = await buildTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '10' });

    const statuses = await forgedSignIns(ctx.app, '198.51.100.4');

    expect(statuses).toEqual(Array.from({ length: 15 }, () => 401));
  });
});
