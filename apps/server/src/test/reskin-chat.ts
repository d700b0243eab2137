import type { ReskinEvent } from '@market/contracts';
import { onTestFinished } from 'vitest';
import { injectAs, type TestContext, type TestUser } from './helper.js';
import { multipart, type FilePart } from './factories.js';

/** POST reskinFeatureUser as JSON, as the product page sends it. */
export const sendJson = (ctx: TestContext, user: TestUser | null, payload: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/reskin/reskinFeatureUser', payload });

/** POST reskinFeatureUser as multipart, as the chat screens send it. */
export async function sendForm(ctx: TestContext, user: TestUser | null, fields: Record<string, string>, fileUpload?: FilePart) {
  const { payload, headers } = await multipart({ ...fields, fileUpload });
  return injectAs(ctx, user, { method: 'POST', url: '/api/reskin/reskinFeatureUser', payload, headers });
}

export const thread = (ctx: TestContext, user: TestUser, query: string) =>
  injectAs(ctx, user, { method: 'GET', url: `/api/reskin/messages?${query}` });

/**
 * A live event stream (GET /api/reskin/stream unless another path is given) over real HTTP (the app listens on a free port): collects the
 * events it receives; `ready` resolves once the server is listening for them.
 */
export async function openStream<Event = ReskinEvent>(
  ctx: TestContext,
  user: TestUser,
  path = '/api/reskin/stream',
  eventName = 'reskin',
  lastEventId?: string,
) {
  const address = ctx.app.server.listening ? ctx.app.listeningOrigin : await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return readEventStream<Event>(`${address}${path}`, user.cookie, eventName, lastEventId);
}

/**
 * Reads a server-sent event stream as a browser's EventSource would, keeping each event's data and
 * id (`ids[i]` belongs to `events[i]`, undefined when the event had none; `at[i]` when it arrived);
 * resolves once the server says it listens. Closed when the test ends, or by `close()`.
 */
export async function readEventStream<Event = ReskinEvent>(url: string, cookie: string, eventName: string, lastEventId?: string) {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const events: Event[] = [];
  const ids: Array<string | undefined> = [];
  const at: number[] = [];
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body! as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes(': ready')) markReady();
        const lines = block.split('\n');
        const data = lines.find((line) => line.startsWith('data: '));
        const id = lines.find((line) => line.startsWith('id: '));
        if (block.startsWith(`event: ${eventName}\n`) && data) {
          events.push(JSON.parse(data.slice('data: '.length)) as Event);
          ids.push(id?.slice('id: '.length));
          at.push(performance.now());
        }
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch(() => {});
  const close = async () => {
    abort.abort();
    await reading;
  };
  onTestFinished(close);
  await ready;
  return { status: response.status, contentType: response.headers.get('content-type'), events, ids, at, close };
}
