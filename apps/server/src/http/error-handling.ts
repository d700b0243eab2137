import { API_V1_PREFIX, type ApiV1Error, type ApiV1ErrorCode, fieldPath, issueMessage } from '@market/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/index.js';
import { HttpError, PageNotFound, serviceUnavailable } from '../platform/errors.js';
import { sendEncoded } from './compression.js';

export interface ValidationProblem {
  field: string;
  message: string;
}

/** The problems of a request the route schemas refused, each with its field (`title.en`) and message; null for any other error. */
export function validationProblems(error: unknown): ValidationProblem[] | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  return error.validation.map((problem) => {
    const path = problem.instancePath.split('/').filter(Boolean);
    // The type provider keeps the rest of zod's issue (an unknown field's keys) in params.
    const issue = { ...problem.params, code: problem.keyword, path, message: problem.message } as z.core.$ZodIssue;
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    return { field: fieldPath(keys.length === 1 ? [...path, keys[0]!] : path), message: issueMessage(issue) };
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `errorMessage`: the call's failures answer `{ errorMessage }` alone (docs/product-spec.md, section 7: the reskin chat). */
    errorBody?: 'errorMessage';
  }
}

/** The failure's status and its answer as `{ message, errors?, ...details }`. */
function answerOf(
  error: Error & { statusCode?: number },
): { statusCode: number; body: { message: string } & Record<string, unknown> } | null {
  const errors = validationProblems(error);
  if (errors) return { statusCode: 400, body: { message: errors[0]?.message ?? 'Invalid request', errors } };
  const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode < 400 || statusCode >= 500) return null;
  const { field, details } = error as { field?: unknown; details?: Record<string, unknown> };
  return {
    statusCode,
    body: {
      message: error.message,
      ...details,
      // Shaped as a validation answer, so a form marks the field whichever check refused it.
      ...(typeof field === 'string' ? { errors: [{ field, message: error.message }] } : {}),
    },
  };
}

const V1_CODES: Record<number, ApiV1ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * The public API's error body (docs/decisions/0014): `{ error: { code, message, field? } }`, a code a
 * program branches on (a failure may name its own, `missing_scope`), the field when one is at fault.
 */
function v1Body(statusCode: number, body: { message: string } & Record<string, unknown>): ApiV1Error {
  const [problem] = Array.isArray(body.errors) ? (body.errors as ValidationProblem[]) : [];
  const named = typeof body.code === 'string' ? (body.code as ApiV1ErrorCode) : undefined;
  return {
    error: {
      code: named ?? V1_CODES[statusCode] ?? (statusCode >= 500 ? 'server_error' : 'invalid_request'),
      message: body.message,
      ...(problem?.field ? { field: problem.field } : {}),
    },
  };
}

const SERVER_FAILED = 'Something went wrong on our side. Please try again.';
const DATABASE_UNAVAILABLE = 'The database is not available right now. Please try again in a moment.';
/** A PostgreSQL restart is over in about a second; a full server frees a connection as soon as a request ends. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The one error handler: `{ message }` with the right status (or `{ errorMessage }` where the call says so); 5xx details stay in the log. */
export const errorHandling = fp(async function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    if (thrown instanceof PageNotFound) return sendEncoded(request, reply.status(404), thrown.page, 'text/html; charset=utf-8');
    const asErrorMessage = request.routeOptions.config?.errorBody === 'errorMessage';
    const shaped = (statusCode: number, body: { message: string } & Record<string, unknown>) =>
      request.url.startsWith(API_V1_PREFIX) ? v1Body(statusCode, body) : asErrorMessage ? { errorMessage: body.message } : body;
    // Too many clients, starting up or shutting down, a connection cut by a restart: the database, not the request.
    const unavailable = isDatabaseUnavailable(thrown);
    const error = unavailable ? serviceUnavailable(DATABASE_UNAVAILABLE, DATABASE_RETRY_AFTER_SECONDS) : thrown;
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      // A passing condition (the database busy), not a fault: the client is told when to come back.
      const cause = unavailable ? { cause: thrown.message, code: (thrown as { code?: unknown }).code } : {};
      request.log.warn({ method: request.method, url: request.url.split('?')[0], ...cause }, error.message);
      reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(shaped(error.statusCode, { message: error.message }));
    }
    const answer = answerOf(error);
    if (!answer) request.log.error({ err: error, method: request.method, url: request.url.split('?')[0] }, 'request failed');
    const { statusCode, body } = answer ?? { statusCode: 500, body: { message: SERVER_FAILED } };
    return reply.status(statusCode).send(shaped(statusCode, body));
  });
});
