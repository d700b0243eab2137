import {
  API_PATHS,
  cardFieldErrorBodySchema,
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
  errorBodySchema,
  paymentConfigSchema,
  simulatedConfirmBodySchema,
  simulatedConfirmResponseSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireUser } from '../auth/index.js';
import { HttpError } from '../../platform/errors.js';
import { WebhookSignatureError } from '../../platform/payments/index.js';
import type { PaymentsService } from './payments.service.js';

const INTENTS_PER_MINUTE = 10;

export interface PaymentRoutesOptions {
  payments: PaymentsService;
  /** Records the purchase of a succeeded intent (the purchases module; kept apart so payments does not depend on it). */
  recordPaidIntent: (intentId: string) => Promise<unknown>;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const webhookAnswerSchema = z.object({ received: z.literal(true) });

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, { payments, recordPaidIntent }) => {
  const tags = ['payments'];

  app.get(
    API_PATHS.payment.config,
    {
      schema: {
        tags,
        summary: 'Which card checkout the page shows: Stripe (with its publishable key) or the simulation',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => payments.config(),
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
          keyGenerator: (request) => (request.user ? `intent-user:${request.user._id}` : `intent-address:${request.ip}`),
        },
      },
      schema: {
        tags,
        summary: `Prices the cart from stored prices (sum of the chosen licence prices, in cents) and opens a payment intent; a differing client amount is refused; 429 past ${INTENTS_PER_MINUTE} a minute per user`,
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
    async (request, reply) => {
      const result = await payments.confirmSimulated(actorOf(request), request.body);
      if (result.outcome === 'invalid-card') return reply.status(400).send({ message: result.message, field: result.field });
      if (result.outcome === 'declined') return reply.status(402).send({ message: result.message });
      return { status: 'succeeded' as const, id: result.intentId };
    },
  );

  // Stripe signs the exact bytes it sent, so this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      API_PATHS.payment.webhook,
      {
        schema: {
          tags,
          summary:
            'Stripe webhook (Stripe-Signature verified, 300 s tolerance): payment_intent.succeeded records the purchase once, as purchaseDetail does',
          response: { 200: webhookAnswerSchema, 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        let event;
        try {
          const signature = request.headers['stripe-signature'];
          event = payments.readWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) return reply.status(400).send({ message: `Webhook refused: ${error.message}` });
          throw error;
        }
        if (event.type === 'payment_intent.succeeded') {
          try {
            await recordPaidIntent(event.intentId);
          } catch (error) {
            // An intent this marketplace did not open, or one the provider does not confirm: nothing to record, and nothing to retry.
            if (!(error instanceof HttpError)) throw error;
            request.log.warn({ intentId: event.intentId, reason: error.message }, 'webhook payment not recorded');
          }
        }
        return { received: true as const };
      },
    );
  });
};
