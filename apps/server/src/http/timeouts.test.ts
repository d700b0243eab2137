import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper.js';

/** Resolves with the milliseconds until the server closed the socket, or null if it was still open at `withinMs`. */
function closedWithin(socket: Socket, withinMs: number): Promise<number | null> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, withinMs);
    socket.on('error', () => {});
    // Read whatever the server says (a 408), so its closing is seen.
    socket.resume();
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

/** Sends `text` one character every `everyMs`, as a slow-loris client does, until the socket closes. */
function trickle(socket: Socket, text: string, everyMs: number) {
  let next = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || next >= text.length) return clearInterval(timer);
    socket.write(text[next]!);
    next += 1;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

async function listeningApp() {
  const ctx = await buildTestApp({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2', IDLE_TIMEOUT_SECONDS: '3' });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = ctx.app.server.address() as { port: number };
  const open = () =>
    new Promise<Socket>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
    });
  return { ctx, port, open };
}

describe('slow senders', () => {
  it('are cut off when their headers take longer than the headers timeout', async () => {
    const { open } = await listeningApp();
    const socket = await open();
    trickle(socket, 'GET /api/health/live HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(200), 100);

    expect(await closedWithin(socket, 8_000)).not.toBeNull();
  });

  it('are cut off when their body takes longer than the request timeout', async () => {
    const { open } = await listeningApp();
    const socket = await open();
    const body = JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(300) });
    socket.write(
      `POST /api/user/signIn HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    trickle(socket, body, 50);

    expect(await closedWithin(socket, 10_000)).not.toBeNull();
  });

  it('are answered 408 and cut off when their body stalls for the body idle timeout, long before the request timeout', async () => {
    const ctx = await buildTestApp({ REQUEST_TIMEOUT_SECONDS: '60', IDLE_TIMEOUT_SECONDS: '60', BODY_IDLE_TIMEOUT_SECONDS: '1' });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as { port: number };
    const socket = await new Promise<Socket>((resolve) => {
      const opened = connect(port, '127.0.0.1', () => resolve(opened));
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const body = JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(300) });
    socket.write(
      `POST /api/user/signIn HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // A byte every 200 ms: never silent for a second, but far from a kilobyte a second.
    trickle(socket, body, 200);

    const closedAfterMs = await closedWithin(socket, 10_000);

    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs).toBeLessThan(4_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"message":"The request body stalled for 1 s."');
  });

  it('are cut off when they open a connection and send nothing', async () => {
    const { open } = await listeningApp();
    const socket = await open();

    expect(await closedWithin(socket, 10_000)).not.toBeNull();
  });

  it('leave a request sent at a normal pace answered', async () => {
    const { ctx } = await listeningApp();
    const { port } = ctx.app.server.address() as { port: number };

    const response = await fetch(`http://127.0.0.1:${port}/api/health/live`);

    expect(response.status).toBe(200);
  });
});
