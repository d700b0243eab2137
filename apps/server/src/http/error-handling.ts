import { fieldPath, issueMessage } from '@market/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError } from '../platform/errors.js';

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

/** One error handler: `{ message }` with the right status; 5xx details stay in the log. */
export const errorHandling = fp(async function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const errors = validationProblems(error);
    if (errors) {
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const field = (error as { field?: unknown }).field;
      // Shaped as a validation answer, so a form marks the field whichever check refused it.
      return reply
        .status(statusCode)
        .send(
          typeof field === 'string' ? { message: error.message, errors: [{ field, message: error.message }] } : { message: error.message },
        );
    }
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      // A passing condition (the database busy), not a fault: the client is told when to come back.
      request.log.warn({ method: request.method, url: request.url.split('?')[0] }, error.message);
      return reply.status(statusCode).header('retry-after', String(error.retryAfterSeconds)).send({ message: error.message });
    }
    request.log.error({ err: error, method: request.method, url: request.url.split('?')[0] }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
});
