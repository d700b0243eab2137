import type { EncodedBody } from './encoded-body.js';

/** A failure whose message is meant for the person who caused it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The request field the failure is about, so the form can mark that field (answered as `errors`). */
    readonly field?: string,
    /** More of the answer a call's contract promises beside the message (a balance, a card field). */
    readonly details?: Readonly<Record<string, unknown>>,
    /** Seconds the client should wait before asking again (answered as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A page request for something that is not there: answered 404 with the page itself as HTML, where the
 * web app says what is missing, so that crawlers and link checkers are told the truth too.
 */
export class PageNotFound extends HttpError {
  constructor(readonly page: EncodedBody) {
    super(404, 'Page not found');
    this.name = 'PageNotFound';
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'Please sign in first') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const requestTimeout = (message: string) => new HttpError(408, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
/** Refused for now (a resource is busy): the client may try again after `retryAfterSeconds`. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, undefined, undefined, retryAfterSeconds);
