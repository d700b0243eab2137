import { randomBytes } from 'node:crypto';
import {
  CARD_DECLINED_MESSAGE,
  cardDigits,
  findCardFieldError,
  SIMULATED_DECLINED_CARD,
  type CardDetails,
  type CardField,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import {
  WebhookSignatureError,
  type CreatedIntent,
  type IntentMetadata,
  type PaymentProvider,
  type ProviderRefund,
  type RetrievedIntent,
} from './payment-provider.js';

/** A product in the cart was deleted and its unpaid checkout closed. */
export const CHECKOUT_CANCELED_MESSAGE = 'This checkout was closed because a product in it was removed; go back to your cart.';

export type SimulatedConfirmation =
  | { outcome: 'succeeded'; intentId: string }
  | { outcome: 'declined'; message: string }
  | { outcome: 'invalid-card'; field: CardField; message: string };

/**
 * The embedded stand-in for Stripe: the same calls and the outcomes of Stripe's test cards
 * (4242… succeeds, 4000 0000 0000 0002 is declined). Intents are rows, so instances agree.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = 'simulated' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async createIntent(amountCents: number, currency: string, metadata: IntentMetadata): Promise<CreatedIntent> {
    const id = `sim_pi_${newId()}`;
    const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('simulated_payment_intents')
      .values({
        id,
        client_secret: clientSecret,
        amount_cents: amountCents,
        currency,
        metadata: JSON.stringify(metadata),
        status: 'requires_payment_method',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id, clientSecret };
  }

  async retrieve(intentId: string): Promise<RetrievedIntent | null> {
    const row = await this.db.selectFrom('simulated_payment_intents').selectAll().where('id', '=', intentId).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      amount: Number(row.amount_cents),
      currency: row.currency,
      metadata: JSON.parse(row.metadata) as IntentMetadata,
      amountRefunded: Number(row.amount_refunded_cents),
    };
  }

  async cancel(intentId: string): Promise<string | null> {
    await this.db
      .updateTable('simulated_payment_intents')
      .set({ status: 'canceled', updated_at: this.clock.now().toISOString() })
      .where('id', '=', intentId)
      .where('status', '=', 'requires_payment_method')
      .execute();
    return (await this.retrieve(intentId))?.status ?? null;
  }

  /** The intent a client secret unlocks, or null. */
  async intentOfClientSecret(clientSecret: string): Promise<RetrievedIntent | null> {
    const row = await this.db
      .selectFrom('simulated_payment_intents')
      .select('id')
      .where('client_secret', '=', clientSecret)
      .executeTakeFirst();
    return row ? this.retrieve(row.id) : null;
  }

  /** What Stripe.js's confirmCardPayment does against Stripe, with the card checked here. */
  async confirm(intentId: string, card: CardDetails): Promise<SimulatedConfirmation> {
    const fieldError = findCardFieldError(card, this.clock.now());
    if (fieldError) return { outcome: 'invalid-card', ...fieldError };
    if (cardDigits(card.number) === SIMULATED_DECLINED_CARD) return { outcome: 'declined', message: CARD_DECLINED_MESSAGE };
    // Only an intent still waiting for a card is paid: a canceled one stays canceled, as at Stripe.
    await this.db
      .updateTable('simulated_payment_intents')
      .set({ status: 'succeeded', updated_at: this.clock.now().toISOString() })
      .where('id', '=', intentId)
      .where('status', '=', 'requires_payment_method')
      .execute();
    if ((await this.retrieve(intentId))?.status !== 'succeeded') return { outcome: 'declined', message: CHECKOUT_CANCELED_MESSAGE };
    return { outcome: 'succeeded', intentId };
  }

  /** Recorded on the intent, as Stripe keeps amount_refunded; never more than was paid. */
  async refund(intentId: string, amountCents: number): Promise<ProviderRefund> {
    const result = await this.db
      .updateTable('simulated_payment_intents')
      .set((eb) => ({
        amount_refunded_cents: eb('amount_refunded_cents', '+', amountCents),
        updated_at: this.clock.now().toISOString(),
      }))
      .where('id', '=', intentId)
      .where('status', '=', 'succeeded')
      .where((eb) => eb(eb('amount_refunded_cents', '+', amountCents), '<=', eb.ref('amount_cents')))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Error(`Simulated refund of ${amountCents} cents refused on intent ${intentId}`);
    return { id: `sim_re_${newId()}` };
  }

  /** The simulation keeps the intent's refunded total (amount_refunded_cents), not its refunds one by one. */
  refundsOf(): Promise<null> {
    return Promise.resolve(null);
  }

  /** The simulation's only records are ours: there is nothing to reconcile them with. */
  balanceMovements(): Promise<null> {
    return Promise.resolve(null);
  }

  /** No card network behind the simulation: nobody disputes its payments. */
  retrieveDispute(): Promise<null> {
    return Promise.resolve(null);
  }

  parseWebhook(): never {
    throw new WebhookSignatureError('The simulated provider sends no webhooks');
  }
}
