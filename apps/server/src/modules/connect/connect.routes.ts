import {
  API_PATHS,
  centsToDollars,
  connectPayoutSchema,
  errorBodySchema,
  payoutAccountQuerySchema,
  payoutAccountSchema,
  payoutOnboardingSchema,
  type ConnectPayout,
} from '@market/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireStepUp, requireUser } from '../auth/index.js';
import type { ConnectPayoutRow } from './connect-payouts.repository.js';
import type { ConnectPayouts } from './connect-payouts.service.js';
import type { ConnectService } from './connect.service.js';

export interface ConnectRoutesOptions {
  connect: ConnectService;
  payouts: ConnectPayouts;
}

const payoutOf = (row: ConnectPayoutRow): ConnectPayout => ({
  _id: row.id,
  amount: centsToDollars(row.amount_cents),
  fee: centsToDollars(row.fee_cents),
  net: centsToDollars(row.amount_cents - row.fee_cents),
  status: row.status,
  transferId: row.transfer_id,
  failure: row.failure,
  claimedAt: row.claimed_at,
});

export const connectRoutes: FastifyPluginAsyncZod<ConnectRoutesOptions> = async (app, { connect, payouts }) => {
  const tags = ['payouts'];

  app.get(
    API_PATHS.payoutAccount.account,
    {
      config: { studio: 'payouts' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "The payout mode and the signed-in seller's Stripe account: none, details needed (with what), pending verification or enabled; " +
          '?refresh=true asks Stripe first (the seller is back from onboarding)',
        querystring: payoutAccountQuerySchema,
        response: { 200: payoutAccountSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => connect.accountOf(actorOf(request), request.query.refresh === 'true'),
  );

  app.post(
    API_PATHS.payoutAccount.account,
    {
      config: { studio: 'payouts' },
      // Where the money goes: a fresh step-up first (docs/decisions/0016).
      preHandler: requireStepUp,
      schema: {
        tags,
        summary:
          "Makes the seller's Stripe Express account (once) and answers a fresh onboarding link to send the browser to; 409 unless PAYOUT_MODE is connect",
        response: { 200: payoutOnboardingSchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => connect.startOnboarding(actorOf(request)),
  );

  app.post(
    API_PATHS.payoutAccount.transfer,
    {
      config: { studio: 'payouts' },
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Sends the signed-in seller's available balance, less the 8% fee, to their Stripe account now; 409 with why when it cannot be " +
          '(payouts held, the account not ready, nothing available, manual mode)',
        response: { 200: connectPayoutSchema, 401: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => payoutOf(await payouts.payOut(actorOf(request)._id)),
  );

  app.get(
    API_PATHS.payoutAccount.transfers,
    {
      config: { studio: 'payouts' },
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in seller's payouts through Stripe, newest first",
        response: { 200: z.array(connectPayoutSchema), 401: errorBodySchema },
      },
    },
    async (request) => (await payouts.history(actorOf(request)._id)).map(payoutOf),
  );
};
