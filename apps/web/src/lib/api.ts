import { serverAnswer } from './first-screen';

/** The server answers every error as `{ message }` (the reskin calls as `{ errorMessage }`). */
export class ApiError extends Error {
  readonly status: number;
  /** The error answer as sent, for calls whose errors carry more than a message. */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type JsonBody = Record<string, unknown> | unknown[];

/** The request fields a failed call was refused for (the server's `errors`), so a form can mark them; [] for none. */
export function fieldsOfError(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry) => (typeof (entry as { field?: unknown }).field === 'string' ? [(entry as { field: string }).field] : []));
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: JsonBody | FormData;
  signal?: AbortSignal;
}

/** Parses the answer into T; throw to reject an answer of the wrong shape. */
export type Parse<T> = (data: unknown) => T;

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

export async function apiFetch<T = unknown>(path: string, request: ApiRequest = {}, parse?: Parse<T>): Promise<T> {
  const { method = request.body === undefined ? 'GET' : 'POST', body, signal } = request;
  const rendered = method === 'GET' ? serverAnswer(path) : undefined;
  if (rendered) {
    const data = await rendered;
    return parse ? parse(data) : (data as T);
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal: signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }

  const data = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(data) ?? FALLBACK_MESSAGE, data);
  return parse ? parse(data) : (data as T);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorMessageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { message, errorMessage } = data as { message?: unknown; errorMessage?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  if (typeof errorMessage === 'string' && errorMessage !== '') return errorMessage;
  return undefined;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
