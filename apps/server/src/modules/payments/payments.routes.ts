import {
  API_PATHS,
  cardFieldErrorBodySchema,
  cartPriceBodySchema,
  cartPriceSchema,
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
  errorBodySchema,
  paymentConfigSchema,
  simulatedConfirmBodySchema,
  simulatedConfirmResponseSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../http/rate-limit-store.js';
import { z } from 'zod';
import { actorOf, requireUser } from '../auth/index.js';
import type { PaymentsService } from './payments.service.js';

const INTENTS_PER_MINUTE = 10;
/** Far above what a person's cart asks for; it bounds a script guessing discount codes. */
const CART_PRICES_PER_MINUTE = 60;

export interface PaymentRoutesOptions {
  payments: PaymentsService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, { payments }) => {
  const tags = ['payments'];

  app.get(
    API_PATHS.payment.config,
    {
      config: { studio: 'self' },
      schema: {
        tags,
        summary: 'Which card checkout the page shows: Stripe (with its publishable key) or the simulation',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => payments.config(),
  );

  app.post(
    API_PATHS.basket.price,
    {
      preHandler: requireUser,
      config: { rateLimit: { max: CART_PRICES_PER_MINUTE, timeWindow: 60_000, keyGenerator: perAccount('price-') } },
      schema: {
        tags,
        summary: `Prices the cart as the checkout will: stored prices, and a discount code's cents off its own seller's lines (no line below $0.50); the code's message says why it does not apply; 429 past ${CART_PRICES_PER_MINUTE} a minute per user`,
        body: cartPriceBodySchema,
        response: { 200: cartPriceSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => payments.price(actorOf(request), request.body),
  );

  app.post(
    API_PATHS.payment.createIntent,
    {
      preHandler: requireUser,
      config: {
        // A checkout opens one intent, a retry another; a flood of them is somebody scripting the provider.
        rateLimit: {
          max: INTENTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: perAccount('intent-'),
        },
      },
      schema: {
        tags,
        summary: `Prices the cart from stored prices (sum of the chosen licence prices less a code's discount, in cents), holds the code's use and opens a payment intent; a differing client amount or a code that does not apply is refused; 429 past ${INTENTS_PER_MINUTE} a minute per user`,
        body: createPaymentIntentBodySchema,
        response: { 200: createPaymentIntentResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => payments.createIntent(actorOf(request), request.body),
  );

  app.post(
    API_PATHS.payment.simulatedConfirm,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Simulated provider only: pays the intent with the card (4242… succeeds, 4000 0000 0000 0002 is declined)',
        body: simulatedConfirmBodySchema,
        response: {
          200: simulatedConfirmResponseSchema,
          400: z.union([cardFieldErrorBodySchema, errorBodySchema]),
          401: errorBodySchema,
          402: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { intentId } = await payments.confirmSimulated(actorOf(request), request.body);
      return { status: 'succeeded' as const, id: intentId };
    },
  );
};
