import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import type { Clock } from '../clock.js';
import type { PaymentsConfig } from '../config.js';
import type { PaymentProvider } from './payment-provider.js';
import { SimulatedPaymentProvider } from './simulated-provider.js';
import { StripePaymentProvider } from './stripe-provider.js';

export * from './payment-provider.js';
export { SimulatedPaymentProvider, type SimulatedConfirmation } from './simulated-provider.js';
export { StripePaymentProvider, type StripeOptions } from './stripe-provider.js';
export {
  type AccountLink,
  type ConnectedAccount,
  connectedAccountOf,
  createStripeConnect,
  type SentTransfer,
  type StripeConnect,
  StripeConnectClient,
  TransferRefusedError,
  type TransferReversal,
  type TransferReversals,
} from './connect.js';

/** Stripe when its keys are configured, otherwise the embedded simulation. */
export function createPaymentProvider(config: PaymentsConfig, db: Kysely<Database>, clock: Clock): PaymentProvider {
  if (config.provider === 'stripe') return new StripePaymentProvider(config);
  return new SimulatedPaymentProvider(db, clock);
}
