// Child process of the benchmark: waits for { body, headers } over IPC, answers every request
// with exactly those bytes and reports its port back. The machine's limit for that payload.
import { startBareServer } from './harness.mjs';

process.once('message', async (/** @type {{ body: Uint8Array, headers: Record<string, string> }} */ { body, headers }) => {
  const server = await startBareServer(Buffer.from(body.buffer, body.byteOffset, body.byteLength), headers);
  process.send?.({ port: Number(new URL(server.url).port) });
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
});
// Orphaned (the benchmark died): go too.
process.once('disconnect', () => process.exit(0));
