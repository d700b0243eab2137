import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SUCCEEDING_CARD } from '@market/fake-stripe';
import { describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { openDatabase } from './db/index.js';
import { type FakeStripe, FAKE_STRIPE_PUBLISHABLE_KEY, startFakeStripe } from './test/fake-stripe.js';
import { emptyDatabaseUrl, runCommand, type ServerProcess, startServerProcess, waitUntilServing } from './test/processes.js';

/** The compiled ledger command, as `npm run ledger` runs it (`npm run build` first). */
const LEDGER_CLI = path.resolve(import.meta.dirname, '../dist/ledger-cli.js');
/** Crashes per operation: each at its own point of the operation's measured span. */
const CASES = 5;
/** Uninterrupted runs of each operation that measure its span. */
const WARM_UP_RUNS = 3;
/** What the drill's server runs with: repairs what is a second old, every second. */
const RECONCILE_SECONDS = 1;

/** Seeded, so a failing run can be repeated: mulberry32. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

const originOf = (server: ServerProcess) => `http://localhost:${new URL(server.url).port}`;

/** A request as the browser sends it: JSON, the page's origin, the session cookie. */
function call(server: ServerProcess, cookie: string, method: string, urlPath: string, body?: unknown) {
  return fetch(`${server.url}${urlPath}`, {
    method,
    headers: { 'content-type': 'application/json', origin: originOf(server), cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
}

async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await call(server, '', 'POST', '/api/user/signIn', { email, password });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** What Stripe.js does in the buyer's page: confirms the card with Stripe itself, never through our server. */
async function confirmAtStripe(stripe: FakeStripe, intentId: string, clientSecret: string): Promise<void> {
  const response = await fetch(`${stripe.url}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FAKE_STRIPE_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, 'payment_method_data[card][number]': SUCCEEDING_CARD }),
  });
  expect(response.status).toBe(200);
}

/**
 * The drill's view of the database, straight from its tables: every licence of the drill's intents, every refund claim, every
 * withdrawal and the ledger entries that belong to them.
 */
async function moneyState(databaseUrl: string) {
  const database = openDatabase({ url: databaseUrl });
  try {
    const { db } = database;
    const [lines, refunds, withdrawals, entries] = await Promise.all([
      db
        .selectFrom('licences as l')
        .innerJoin('order_lines as ol', 'ol.id', 'l.order_line_id')
        .innerJoin('orders as o', 'o.id', 'ol.order_id')
        .select(['l.order_line_id as id', 'l.status', 'l.product_id', 'o.id as purchase_id', 'o.provider_intent_id as transaction_id'])
        .where('o.provider_intent_id', 'like', 'pi_%')
        .execute(),
      db.selectFrom('refunds').select(['purchase_line_id', 'status']).execute(),
      db.selectFrom('withdrawals').select(['id', 'amount_cents']).execute(),
      db
        .selectFrom('ledger_entries')
        .select(['account', 'amount_cents', 'kind', 'order_line_id', 'refund_id', 'withdrawal_id'])
        .where((eb) => eb.or([eb('refund_id', 'is not', null), eb('withdrawal_id', 'is not', null)]))
        .execute(),
    ]);
    return { lines, refunds, withdrawals, entries };
  } finally {
    await database.destroy();
  }
}

type Operation = 'purchase' | 'refund' | 'withdrawal';

/**
 * `kill -9` at a random point of a purchase, an admin refund and a withdrawal request, with Stripe (the
 * fake, in this process) outliving every crash; each restart runs the reconciliation every second.
 * Afterwards all is or nothing is, on both sides of the provider.
 */
describe('kill -9 in the middle of money', () => {
  it(
    'leaves every purchase, refund and withdrawal whole or absent once the restarted server reconciled',
    { timeout: 300_000 },
    async () => {
      const began = Date.now();
      const seed = Number(process.env.CRASH_DRILL_SEED ?? Date.now() % 1_000_000);
      const random = seededRandom(seed);
      const stripe = await startFakeStripe();
      const databaseUrl = await emptyDatabaseUrl();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'market-crash-'));
      onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = {
        ...stripe.env(),
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'true',
        SHUTDOWN_DRAIN_SECONDS: '0',
        RECONCILE_SECONDS: String(RECONCILE_SECONDS),
      };
      let server = await startServerProcess(env);
      await waitUntilServing(server, 90_000);
      const outputs: string[] = [];
      onTestFailed(() => console.log(`seed ${seed}\n${outputs.join('\n---\n')}\n---\n${server.output()}`));
      const buyer = await signIn(server, 'buyer@example.com', 'buyer12345');
      const admin = await signIn(server, 'admin@example.com', 'admin12345');
      const seller = await signIn(server, 'seller@example.com', 'seller12345');
      const products = (await (await fetch(`${server.url}/api/product/uploaded-products`)).json()) as Array<{ _id: string }>;
      const productIds = products.map((product) => product._id);
      const toRefund: Array<{ purchaseId: string; productId: string }> = [];
      let withdrawalsAsked = 0;

      /** Each operation: what precedes the crash window (prepare), then the window itself. */
      const operations: Record<Operation, () => Promise<() => Promise<unknown>>> = {
        // The buyer's page: the intent from us, then the crash window: the card to Stripe, the purchase to us.
        purchase: async () => {
          const productId = productIds[Math.floor(random() * productIds.length)]!;
          const opened = await call(server, buyer, 'POST', '/api/payment/create-payment-intent', {
            products: [{ productId, licenseType: 'Single App License', isReskin: 'false' }],
            currency: 'usd',
          });
          expect(opened.status).toBe(200);
          const intent = (await opened.json()) as { paymentIntentId: string; clientSecret: string };
          return async () => {
            await confirmAtStripe(stripe, intent.paymentIntentId, intent.clientSecret);
            const recorded = await call(server, buyer, 'POST', '/api/purchase/purchaseDetail', { transactionId: intent.paymentIntentId });
            if (recorded.status === 201) {
              const { purchase } = (await recorded.json()) as { purchase: { _id: string } };
              toRefund.push({ purchaseId: purchase._id, productId });
            }
          };
        },
        refund: async () => {
          const target = toRefund.shift();
          expect(target).toBeDefined();
          return () => call(server, admin, 'POST', '/api/purchase/refund', { ...target, reason: 'Crash drill' });
        },
        withdrawal: async () => {
          withdrawalsAsked += 1;
          // Money leaving needs a password confirmed in the last 10 minutes (docs/decisions/0016).
          expect((await call(server, seller, 'POST', '/api/user/2fa/step-up', { password: 'seller12345' })).status).toBe(200);
          return () => call(server, seller, 'POST', '/api/withdraw/withdrawDetil', { email: 'payouts@example.com', withdrawAmount: 1 });
        },
      };

      const withdrawalsBefore = (await moneyState(databaseUrl)).withdrawals.length;
      // Each operation's span: the median of three uninterrupted runs (a purchase for each refund to come).
      const runs: Record<Operation, number[]> = { purchase: [], refund: [], withdrawal: [] };
      const warmUp: Operation[] = Array.from({ length: CASES + WARM_UP_RUNS }, () => 'purchase' as const);
      for (let run = 0; run < WARM_UP_RUNS; run++) warmUp.push('refund', 'withdrawal');
      for (const operation of warmUp) {
        const run = await operations[operation]();
        const started = performance.now();
        await run();
        runs[operation].push(performance.now() - started);
      }
      const spans = { purchase: median(runs.purchase), refund: median(runs.refund), withdrawal: median(runs.withdrawal) };

      const restart = async () => {
        outputs.push(server.output());
        server = await startServerProcess(env);
        await waitUntilServing(server, 30_000);
      };
      /** Every claim finished or let go and every succeeded intent recorded, or the deadline passed. */
      const reconciled = async () => {
        const deadline = Date.now() + 10 * RECONCILE_SECONDS * 1000;
        while (Date.now() < deadline) {
          const state = await moneyState(databaseUrl);
          const recorded = new Set(state.lines.map((line) => line.transaction_id));
          const paid = [...stripe.intents.values()].filter((intent) => intent.status === 'succeeded');
          if (state.refunds.every((refund) => refund.status !== 'pending') && paid.every((intent) => recorded.has(intent.id))) return;
          await sleep(200);
        }
      };

      // What each crash left for the restarted server to repair, before it did.
      const leftBehind = { pendingClaims: 0, refundedAtStripe: 0 };
      const unrecorded = new Set<string>();
      const killPoints: string[] = [];
      const order = Array.from({ length: CASES }, (_, round) =>
        (['purchase', 'refund', 'withdrawal'] as const).map((op) => ({ op, round })),
      ).flat();
      for (const { op, round } of order) {
        // Stratified: case `round` falls in its own slice of 1.3× the operation's uninterrupted span.
        const killAfterMs = ((round + random()) / CASES) * 1.3 * spans[op];
        killPoints.push(`${op[0]}${killAfterMs.toFixed(0)}`);
        const run = await operations[op]();
        const running = run().catch(() => undefined);
        await sleep(killAfterMs);
        server.child.kill('SIGKILL');
        await server.exited;
        await running;
        const crashed = await moneyState(databaseUrl);
        const recorded = new Set(crashed.lines.map((line) => line.transaction_id));
        const pending = crashed.refunds.filter((refund) => refund.status === 'pending');
        leftBehind.pendingClaims += pending.length;
        leftBehind.refundedAtStripe += pending.filter((claim) =>
          stripe.refunds.some((refund) => refund.metadata.purchaseLineId === claim.purchase_line_id),
        ).length;
        for (const intent of stripe.intents.values())
          if (intent.status === 'succeeded' && !recorded.has(intent.id)) unrecorded.add(intent.id);
        await restart();
        await reconciled();
      }

      const state = await moneyState(databaseUrl);
      const ledgerCheck = await runCommand(LEDGER_CLI, databaseUrl, ['check']);
      console.info(
        `crash drill (seed ${seed}, ${process.env.TEST_DB}): ${order.length} kills at ${killPoints.join(' ')} ms ` +
          `(spans ${Object.entries(spans)
            .map(([op, ms]) => `${op} ${ms.toFixed(0)}`)
            .join(', ')} ms); left ${leftBehind.pendingClaims} pending refund claim(s) ` +
          `(${leftBehind.refundedAtStripe} refunded at Stripe) and ` +
          `${unrecorded.size} paid unrecorded intent(s) to repair; ${Date.now() - began} ms in all`,
      );

      // Stripe's refunds of each line equal the ledger's refund entries of it (net of let-go claims);
      // its licence is revoked exactly when Stripe refunded it.
      const refundedAtStripe = new Map<string, number>();
      for (const refund of stripe.refunds) {
        const line = refund.metadata.purchaseLineId!;
        refundedAtStripe.set(line, (refundedAtStripe.get(line) ?? 0) + refund.amount);
      }
      const refundedInLedger = new Map<string, number>();
      for (const entry of state.entries) {
        if (entry.refund_id === null || entry.account !== 'provider:stripe') continue;
        refundedInLedger.set(entry.order_line_id!, (refundedInLedger.get(entry.order_line_id!) ?? 0) + Number(entry.amount_cents));
      }
      for (const line of state.lines) {
        expect({ line: line.id, ledger: refundedInLedger.get(line.id) ?? 0 }).toEqual({
          line: line.id,
          ledger: refundedAtStripe.get(line.id) ?? 0,
        });
        expect({ line: line.id, status: line.status }).toEqual({
          line: line.id,
          status: refundedAtStripe.has(line.id) ? 'Revoked' : 'Active',
        });
      }
      expect(state.refunds.filter((refund) => refund.status === 'pending')).toEqual([]);
      // Every intent Stripe took money for is exactly one purchase (its sale entries: the ledger check).
      for (const intent of stripe.intents.values()) {
        const purchases = new Set(state.lines.filter((line) => line.transaction_id === intent.id).map((line) => line.purchase_id));
        expect({ intent: intent.id, purchases: purchases.size }).toEqual({
          intent: intent.id,
          purchases: intent.status === 'succeeded' ? 1 : 0,
        });
      }
      // A withdrawal is its row and its entries, or neither.
      const withdrawalTransactions = new Map<string, number>();
      for (const entry of state.entries) {
        if (entry.kind !== 'withdrawal' || !entry.account.startsWith('seller:')) continue;
        withdrawalTransactions.set(
          entry.withdrawal_id!,
          (withdrawalTransactions.get(entry.withdrawal_id!) ?? 0) + Number(entry.amount_cents),
        );
      }
      expect(new Map(state.withdrawals.map((row) => [row.id, -Number(row.amount_cents)]))).toEqual(withdrawalTransactions);
      expect(state.withdrawals.length - withdrawalsBefore).toBeLessThanOrEqual(withdrawalsAsked);
      expect(ledgerCheck).toMatchObject({ code: 0 });
    },
  );
});
