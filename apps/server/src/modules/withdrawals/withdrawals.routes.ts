import {
  API_PATHS,
  earningsSchema,
  errorBodySchema,
  idParamsSchema,
  insufficientBalanceSchema,
  saleListSchema,
  salesQuerySchema,
  statementCsvQuerySchema,
  statementQuerySchema,
  statementSchema,
  withdrawalListQuerySchema,
  withdrawalListSchema,
  withdrawalPaidSchema,
  withdrawRequestBodySchema,
  withdrawResultSchema,
} from '@market/contracts';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPrivateFile } from '../../http/private-file.js';
import { actorOf, requireAdmin, requireStepUp, requireUser } from '../auth/index.js';
import type { WithdrawalsService } from './withdrawals.service.js';

export interface WithdrawalRoutesOptions {
  withdrawals: WithdrawalsService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const withdrawalRoutes: FastifyPluginAsyncZod<WithdrawalRoutesOptions> = async (app, { withdrawals }) => {
  app.get(
    API_PATHS.user.earnings,
    {
      config: { studio: 'money-read' },
      preHandler: requireUser,
      schema: {
        tags: ['earnings'],
        summary: "The signed-in seller's earnings, withdrawals and available balance (USD)",
        response: { 200: earningsSchema, 401: errorBodySchema },
      },
    },
    async (request) => withdrawals.earnings(actorOf(request)),
  );

  app.get(
    API_PATHS.user.sales,
    {
      config: { studio: 'money-read' },
      preHandler: requireUser,
      schema: {
        tags: ['earnings'],
        summary: "The latest sold lines of the signed-in seller's products, newest first",
        querystring: salesQuerySchema,
        response: { 200: saleListSchema, ...errors },
      },
    },
    async (request) => withdrawals.recentSales(actorOf(request), request.query.limit),
  );

  app.get(
    API_PATHS.user.statement,
    {
      config: { studio: 'money-read' },
      preHandler: requireUser,
      schema: {
        tags: ['earnings'],
        summary: "A seller's account entry by entry, newest first, with the balance after each (an admin may name the seller)",
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...errors },
      },
    },
    async (request) => withdrawals.statement(actorOf(request), request.query),
  );

  app.get(
    API_PATHS.user.statementCsv,
    {
      config: { studio: 'money-read' },
      preHandler: requireUser,
      schema: {
        tags: ['earnings'],
        summary: 'The same statement, every entry, as a CSV download',
        querystring: statementCsvQuerySchema,
        produces: ['text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, {
        stream: Readable.from(withdrawals.statementCsv(actorOf(request), request.query.userId)),
        fileName: 'statement.csv',
        contentType: 'text/csv; charset=utf-8',
      }),
  );

  app.post(
    API_PATHS.withdraw.request,
    {
      config: { studio: 'payouts' },
      // Money leaving: a fresh second factor or password first (docs/decisions/0016).
      preHandler: requireStepUp,
      schema: {
        tags: ['withdrawals'],
        summary:
          'Ask for a PayPal withdrawal of at most the available balance, refused while a payout hold is open (userId in the body is ignored)',
        body: withdrawRequestBodySchema,
        response: {
          201: withdrawResultSchema,
          400: insufficientBalanceSchema.or(errorBodySchema),
          401: errorBodySchema,
          403: errorBodySchema,
          // A hold is open: its reason and review date (docs/decisions/0012 "Holds").
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const withdrawal = await withdrawals.request(actorOf(request), request.body.email, request.body.withdrawAmount);
      return reply.status(201).send({
        title: 'Withdrawl Successfull',
        message: 'Withdrawl request has been send successfully',
        withdrawal,
      });
    },
  );

  app.get(
    API_PATHS.withdraw.list,
    {
      config: { studio: 'payouts' },
      preHandler: requireUser,
      schema: {
        tags: ['withdrawals'],
        summary: 'Withdrawals newest first: an admin sees all (with the seller), a user only their own',
        querystring: withdrawalListQuerySchema,
        response: { 200: withdrawalListSchema, ...errors },
      },
    },
    async (request) => withdrawals.list(actorOf(request), request.query),
  );

  app.put(
    API_PATHS.withdraw.updateStatus,
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['withdrawals'],
        summary: 'Mark a Pending withdrawal as paid (Success), once (Admin only)',
        params: idParamsSchema,
        response: { 200: withdrawalPaidSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => ({
      title: 'Withdrawal Successful' as const,
      message: 'Withdrawal status updated' as const,
      withdrawal: await withdrawals.markPaid(actorOf(request), request.params.id),
    }),
  );
};
