import {
  API_PATHS,
  downloadQuerySchema,
  errorBodySchema,
  PURCHASE_RECORDED_MESSAGE,
  purchaseDetailBodySchema,
  purchaseDownloadParamsSchema,
  purchaseListSchema,
  purchaseRecordedSchema,
  updateDownloadBodySchema,
  updateDownloadResponseSchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireUser } from '../auth/index.js';
import type { PurchasesService } from './purchases.service.js';
import { sendPrivateFile } from '../../http/private-file.js';

export interface PurchaseRoutesOptions {
  purchases: PurchasesService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const webhookAnswerSchema = z.object({ received: z.literal(true) });

export const purchaseRoutes: FastifyPluginAsyncZod<PurchaseRoutesOptions> = async (app, { purchases }) => {
  const tags = ['purchases'];

  app.get(
    API_PATHS.purchase.list,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Purchases, newest first: an admin gets every purchase with its buyer, a user their own',
        response: { 200: purchaseListSchema, 401: errorBodySchema },
      },
    },
    async (request) => purchases.list(actorOf(request)),
  );

  app.post(
    API_PATHS.purchase.record,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Records the purchase of a payment intent once the provider confirms it succeeded for this user, amount and currency; once per intent (201 first, 200 after). amountPaid, paymentStatus, userId and products are ignored',
        body: purchaseDetailBodySchema,
        response: { 200: purchaseRecordedSchema, 201: purchaseRecordedSchema, ...errors, 402: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { created, purchase } = await purchases.record(actorOf(request), request.body.transactionId);
      return reply.status(created ? 201 : 200).send({ message: PURCHASE_RECORDED_MESSAGE, purchase });
    },
  );

  app.put(
    API_PATHS.purchase.updateDownload,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Stores and answers whether the line's download window is still open, by the server's clock (userId is ignored)",
        body: updateDownloadBodySchema,
        response: { 200: updateDownloadResponseSchema, ...errors },
      },
    },
    async (request) => ({
      download: await purchases.refreshDownloadFlag(actorOf(request), request.body.purchaseId, request.body.productId),
    }),
  );

  app.get(
    API_PATHS.purchase.download,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "The bought product's source archive (zip), to its buyer only, while the licence window is open (Single 8 h, Multi 24 h, " +
          'from the purchase and again from each later release); 410 after. The newest approved release unless ?release= names another.',
        params: purchaseDownloadParamsSchema,
        querystring: downloadQuerySchema,
        produces: ['application/zip'],
        response: { ...errors, 410: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { purchaseId, productId } = request.params;
      const file = await purchases.openDownload(actorOf(request), purchaseId, productId, request.query.release);
      return sendPrivateFile(reply, { ...file, contentType: 'application/zip' });
    },
  );

  // Stripe signs the exact bytes it sent, so this route alone reads its body raw. It belongs to purchases:
  // it answers 200 only once the sale is stored, so Stripe retries whatever failed on the way.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      API_PATHS.payment.webhook,
      {
        schema: {
          tags: ['payments'],
          summary:
            'Stripe webhook (Stripe-Signature verified, 300 s tolerance): payment_intent.succeeded records the purchase once, as purchaseDetail does; ' +
            'charge.refunded records a refund made in the Stripe dashboard once, revoking its licences; ' +
            "account.updated stores a seller's Stripe account as Stripe has it now; " +
            'charge.dispute.created and charge.dispute.closed record the dispute as Stripe has it now, once (held, won or lost); ' +
            "transfer.reversed records each reversal of a payout's transfer made in Stripe's dashboard, once",
          response: { 200: webhookAnswerSchema, 400: errorBodySchema },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const outcome = await purchases.recordFromWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        if (outcome.notRecorded) request.log.warn(outcome.notRecorded, 'webhook payment not recorded');
        return { received: true as const };
      },
    );
  });
};
