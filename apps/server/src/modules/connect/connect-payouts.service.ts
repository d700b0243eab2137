import {
  NOTHING_TO_PAY_OUT_MESSAGE,
  PAYOUT_ACCOUNT_NOT_READY_MESSAGE,
  PAYOUTS_NOT_ENABLED_MESSAGE,
  payoutAfterFee,
  type PayoutMode,
  type PayoutPaidData,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type InTransaction, isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { conflict, HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type StripeConnect, TransferRefusedError, type TransferReversal } from '../../platform/payments/index.js';
import { connectPayoutClaimOf, connectPayoutReversedOf, connectPayoutSentOf, type LedgerService, sellerAccount } from '../ledger/index.js';
import { accountStateOf } from './connect.service.js';
import { type ConnectPayoutRow, ConnectPayoutsRepository } from './connect-payouts.repository.js';
import type { WebhookEvents } from '../webhooks/index.js';

/** Below a dollar nothing is sent: the fee's rounding would leave next to nothing, at a transfer's cost. */
export const PAYOUT_MINIMUM_CENTS = 100;
const SCHEDULE_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;
/** Claims repaired per round; the next round takes the rest. */
const REPAIRS_PER_ROUND = 100;
/** Times a reversal's recording looks again when another recording moved the payout meanwhile. */
const RECORDING_ATTEMPTS = 5;

export interface ConnectPayoutsDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** null with the simulated payment provider (connect mode requires Stripe's keys). */
  connect: StripeConnect | null;
  mode: PayoutMode;
  schedule: keyof typeof SCHEDULE_MS;
  ledger: Pick<LedgerService, 'post' | 'postIfAny' | 'reverse' | 'lockedBalanceOf' | 'sellersBelowZero'>;
  /** Why the seller's payouts are held (the reason and its review date, in words), inside the claim's transaction; null when they are not. */
  holdOf: (trx: Kysely<Database>, sellerId: string) => Promise<string | null>;
  /** `payout.paid` to the seller's endpoints, in the transaction that records the transfer (docs/decisions/0015). */
  webhooks: WebhookEvents;
}

/**
 * Payouts through Stripe Connect (docs/decisions/0012, "A payout"): a seller's available balance is
 * claimed under its balance lock (refused while a hold is open), sent by Stripe as a transfer with an
 * idempotency key of its own, then recorded as sent, or given back when Stripe refuses it.
 */
export class ConnectPayouts {
  constructor(private readonly dependencies: ConnectPayoutsDependencies) {}

  /** Pays the seller's available balance out now; refused (409) with why when it cannot be. */
  async payOut(sellerId: string): Promise<ConnectPayoutRow> {
    const connect = this.dependencies.connect;
    if (this.dependencies.mode !== 'connect' || !connect) throw conflict(PAYOUTS_NOT_ENABLED_MESSAGE);
    return this.send(connect, await this.claim(sellerId));
  }

  /** The seller's payouts, newest first. */
  history(sellerId: string, limit = 50): Promise<ConnectPayoutRow[]> {
    return new ConnectPayoutsRepository(this.dependencies.db).ofSeller(sellerId, limit);
  }

  /** The Stripe transfer of each sent payout, by payout id: how reconciliation names a payout's ledger entries. */
  transferIdsOf(payoutIds: readonly string[]): Promise<Map<string, string>> {
    return new ConnectPayoutsRepository(this.dependencies.db).transferIdsOf(payoutIds);
  }

  /**
   * One round of the payout job: claims an attempt left unfinished (a crash between Stripe and us)
   * are sent again under their own key, which Stripe answers with the transfer it made, if it made
   * one; then every seller whose schedule has come round is paid. Answers the payouts sent.
   */
  async runRound(): Promise<number> {
    const { connect, mode, clock, db, schedule, log } = this.dependencies;
    if (mode !== 'connect' || !connect) return 0;
    const now = clock.now();
    const payouts = new ConnectPayoutsRepository(db);
    let sent = 0;
    for (const claim of await payouts.quietClaims(new Date(now.getTime() - 10 * 60_000).toISOString(), REPAIRS_PER_ROUND)) {
      if ((await this.send(connect, claim)).status === 'transferred') sent += 1;
    }
    // Refunds after a transfer that left a seller below zero, not yet taken back (a crash, Stripe away).
    for (const sellerId of await this.dependencies.ledger.sellersBelowZero(REPAIRS_PER_ROUND)) await this.recoverShortfall(sellerId);
    for (const sellerId of await payouts.sellersWhoCanReceive()) {
      const last = await payouts.lastPaidAt(sellerId);
      if (last && now.getTime() - new Date(last).getTime() < SCHEDULE_MS[schedule]) continue;
      try {
        if ((await this.payOut(sellerId)).status === 'transferred') sent += 1;
      } catch (error) {
        // Held, nothing to pay, or a claim under way elsewhere: the seller waits for the next round.
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      }
    }
    if (sent > 0) log.info({ payoutsSent: sent }, 'payouts sent through Stripe');
    return sent;
  }

  /**
   * Refunds after a payout left the seller below zero (docs/decisions/0012, "Refunds after a
   * transfer"): what is missing is taken back from their newest transfers, the net part from the
   * seller's Stripe account by a transfer reversal and the fee part from the platform. Stripe is asked
   * first, under a key naming the transfer and what was taken back of it before, so an attempt cut
   * short is finished by the next one (the payout round asks again). When Stripe refuses, the balance
   * stays below zero and the next payout nets it. Answers the cents taken back.
   */
  async recoverShortfall(sellerId: string): Promise<number> {
    const { connect, mode, inTransaction, ledger } = this.dependencies;
    if (mode !== 'connect' || !connect) return 0;
    let recovered = 0;
    for (;;) {
      const step = await inTransaction(async (trx) => {
        const balance = await ledger.lockedBalanceOf(trx, sellerAccount(sellerId));
        if (balance >= 0) return null;
        const payout = await new ConnectPayoutsRepository(trx).newestReversible(sellerId);
        if (!payout?.transfer_id) return null;
        const gross = Math.min(-balance, payout.amount_cents - payout.reversed_cents);
        const net = Math.round((gross * (payout.amount_cents - payout.fee_cents)) / payout.amount_cents);
        return { payout, transferId: payout.transfer_id, gross, net };
      });
      if (!step) return recovered;
      const { payout, transferId, gross, net } = step;
      let reversalId: string | null = null;
      if (net > 0) {
        try {
          // The gross rides along, so the `transfer.reversed` webhook, should it record this reversal first, writes the same entries.
          const reversal = await connect.reverseTransfer(transferId, net, `reversal:${payout.id}:${payout.reversed_cents}`, {
            payoutId: payout.id,
            sellerId,
            grossCents: String(gross),
          });
          reversalId = reversal.id;
        } catch (error) {
          if (error instanceof TransferRefusedError) return recovered;
          throw error;
        }
      }
      const recorded = await inTransaction(async (trx) => {
        // The seller's balance lock before the payout's row, in the order the reversal's webhook
        // takes them (`recordReversal`): the other order deadlocked on PostgreSQL when both ran at once.
        await ledger.lockedBalanceOf(trx, sellerAccount(sellerId));
        const payouts = new ConnectPayoutsRepository(trx);
        // The reversal's webhook recorded it first: the payout moved, and this round looks again.
        const taken = await payouts.takeBack(payout.id, payout.reversed_cents, gross);
        if (!taken) return false;
        if (reversalId) {
          await payouts.insertReversal({
            id: reversalId,
            payout_id: payout.id,
            gross_cents: gross,
            net_cents: net,
            origin: 'payouts',
            recorded_at: this.dependencies.clock.now().toISOString(),
          });
        }
        await ledger.post(trx, connectPayoutReversedOf(payout.id, sellerId, gross, net, 'stripe'));
        return true;
      });
      // Another instance recorded this same reversal (Stripe answered both with it): look again.
      if (recorded) recovered += gross;
    }
  }

  /**
   * `transfer.reversed` (docs/decisions/0012, "Refunds after a transfer"): the transfer's reversals
   * are asked of Stripe, and each the ledger has not recorded is, once, as ours are: the seller gets
   * back what the reversal undid of the payout, its net from their Stripe account into the platform's
   * (`provider:stripe`), the fee's share from `platform:fees`. A reversal made in Stripe's dashboard
   * reaches us only this way; our own carries its payout and gross in its metadata, so its echo
   * writes nothing once the refund's recovery recorded it, and finishes it when a crash did not.
   * Stripe's id is the key: a replay, or two deliveries at once, record a reversal once.
   */
  async reversedAtProvider(transferId: string): Promise<void> {
    const { connect, db, log } = this.dependencies;
    if (!connect) return;
    const stripe = await connect.reversalsOf(transferId);
    if (!stripe) {
      log.warn({ transferId }, 'transfer reversal ignored: Stripe knows no such transfer');
      return;
    }
    const payouts = new ConnectPayoutsRepository(db);
    const payout = await payouts.byTransferId(transferId);
    if (!payout) {
      const claim = stripe.group ? await payouts.byId(stripe.group) : undefined;
      // Sent, and not yet recorded as sent (a crash): the payout round finishes the claim, and Stripe sends this event again.
      if (claim?.status === 'claimed')
        throw new Error(`Transfer ${transferId} was reversed before its payout ${claim.id} was recorded as sent`);
      log.warn({ transferId }, 'transfer reversal ignored: not a payout of ours');
      return;
    }
    for (const reversal of stripe.reversals) {
      if (await payouts.hasReversal(reversal.id)) continue;
      await this.recordReversal(payout.id, reversal);
    }
  }

  /** One reversal of the payout's transfer, recorded once under the seller's balance lock. */
  private async recordReversal(payoutId: string, reversal: TransferReversal): Promise<void> {
    const { inTransaction, ledger, clock, log } = this.dependencies;
    const ours = reversal.metadata.payoutId === payoutId;
    for (let attempt = 1; attempt <= RECORDING_ATTEMPTS; attempt += 1) {
      const outcome = await inTransaction(async (trx) => {
        const payouts = new ConnectPayoutsRepository(trx);
        const payout = (await payouts.byId(payoutId))!;
        await ledger.lockedBalanceOf(trx, sellerAccount(payout.seller_id));
        if (await payouts.hasReversal(reversal.id)) return 'recorded' as const;
        const net = reversal.amountCents;
        const remaining = payout.amount_cents - payout.reversed_cents;
        // Ours names its gross; one from the dashboard undoes the payout in the share Stripe took back of what it sent.
        const named = Number(reversal.metadata.grossCents);
        const undone =
          ours && Number.isInteger(named) && named > 0
            ? named
            : Math.round((net * payout.amount_cents) / (payout.amount_cents - payout.fee_cents));
        const gross = Math.min(remaining, undone);
        if (gross <= 0) {
          log.error(
            { payoutId, reversalId: reversal.id, cents: net },
            'TRANSFER REVERSAL NOT RECORDED: the payout was taken back whole already; settle it by hand',
          );
          return 'recorded' as const;
        }
        if (!(await payouts.takeBack(payout.id, payout.reversed_cents, gross))) return 'moved' as const;
        await payouts.insertReversal({
          id: reversal.id,
          payout_id: payout.id,
          gross_cents: gross,
          net_cents: net,
          origin: ours ? 'payouts' : 'dashboard',
          recorded_at: clock.now().toISOString(),
        });
        await ledger.post(trx, connectPayoutReversedOf(payout.id, payout.seller_id, gross, net, 'stripe'));
        if (!ours)
          log.warn(
            { payoutId, reversalId: reversal.id, grossCents: gross, netCents: net },
            'transfer reversed in the Stripe dashboard: recorded, the seller credited back',
          );
        return 'recorded' as const;
      });
      if (outcome === 'recorded') return;
    }
    throw new Error(`Reversal ${reversal.id} of payout ${payoutId} could not be recorded: the payout kept moving`);
  }

  /** The claim: the balance leaves the seller (fee to the platform, the rest waiting to be sent), with the payout's row. */
  private async claim(sellerId: string): Promise<ConnectPayoutRow> {
    const { inTransaction, ledger, holdOf, clock } = this.dependencies;
    try {
      return await inTransaction(async (trx) => {
        // The balance lock first: a hold being placed takes it too, so none slips in between.
        const available = await ledger.lockedBalanceOf(trx, sellerAccount(sellerId));
        const held = await holdOf(trx, sellerId);
        if (held) throw conflict(held);
        const account = await accountStateOf(trx, sellerId);
        if (!account?.canReceiveTransfers) throw conflict(PAYOUT_ACCOUNT_NOT_READY_MESSAGE);
        if (available < PAYOUT_MINIMUM_CENTS) throw conflict(NOTHING_TO_PAY_OUT_MESSAGE);
        const id = newId();
        const claimTransactionId = await ledger.post(trx, connectPayoutClaimOf(id, sellerId, available));
        const row: ConnectPayoutRow = {
          id,
          seller_id: sellerId,
          stripe_account_id: account.stripeAccountId,
          amount_cents: available,
          fee_cents: available - payoutAfterFee(available),
          currency: 'usd',
          status: 'claimed',
          idempotency_key: `payout:${id}`,
          claim_transaction_id: claimTransactionId,
          transfer_id: null,
          reversed_cents: 0,
          failure: null,
          claimed_at: clock.now().toISOString(),
          finished_at: null,
        };
        await new ConnectPayoutsRepository(trx).insert(row);
        return row;
      });
    } catch (error) {
      // Another instance's claim for this seller is under way (one claim per seller at a time).
      if (isUniqueViolation(error)) throw conflict(NOTHING_TO_PAY_OUT_MESSAGE);
      throw error;
    }
  }

  /**
   * Asks Stripe for the transfer, then records what it answered. An unknown outcome (a network
   * failure) leaves the claim for the next round, which asks again under the same key.
   */
  private async send(connect: StripeConnect, claim: ConnectPayoutRow): Promise<ConnectPayoutRow> {
    const { inTransaction, ledger, clock, webhooks } = this.dependencies;
    const net = claim.amount_cents - claim.fee_cents;
    let outcome: { status: 'transferred'; transferId: string } | { status: 'failed'; failure: string };
    try {
      const transfer = await connect.createTransfer(
        {
          accountId: claim.stripe_account_id,
          amountCents: net,
          currency: claim.currency,
          group: claim.id,
          metadata: { payoutId: claim.id, sellerId: claim.seller_id },
        },
        claim.idempotency_key,
      );
      outcome = { status: 'transferred', transferId: transfer.id };
    } catch (error) {
      if (!(error instanceof TransferRefusedError)) throw error;
      outcome = { status: 'failed', failure: error.message };
    }
    const at = clock.now().toISOString();
    await inTransaction(async (trx, afterCommit) => {
      if (!(await new ConnectPayoutsRepository(trx).finish(claim.id, outcome, at))) return;
      if (outcome.status === 'transferred') {
        await ledger.postIfAny(trx, connectPayoutSentOf(claim.id, claim.amount_cents, 'stripe'));
        const data: PayoutPaidData = {
          payoutId: claim.id,
          method: 'stripe_connect',
          amount: { cents: claim.amount_cents, currency: claim.currency },
          fee: { cents: claim.fee_cents, currency: claim.currency },
          paid: { cents: net, currency: claim.currency },
          paidAt: at,
        };
        await webhooks.emit(trx, afterCommit, claim.seller_id, 'payout.paid', data);
      }
      // Refused: the claim's entries are turned round, and the balance is the seller's again.
      else await ledger.reverse(trx, claim.claim_transaction_id);
    });
    return {
      ...claim,
      status: outcome.status,
      transfer_id: outcome.status === 'transferred' ? outcome.transferId : null,
      failure: outcome.status === 'failed' ? outcome.failure : null,
      finished_at: at,
    };
  }
}
