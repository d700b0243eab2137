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
  /** Sent again after a step-up: a second refusal is not asked about again. */
  afterStepUp?: boolean;
}

/** Parses the answer into T; throw to reject an answer of the wrong shape. */
export type Parse<T> = (data: unknown) => T;

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** The server's code for a call that needs a fresh second factor or password (docs/decisions/0016). */
const STEP_UP_REQUIRED = 'step_up_required';

/** Asks the person to confirm it is them; true once the session is stepped up, false if they gave up. */
export type StepUpPrompt = () => Promise<boolean>;
let stepUpPrompt: StepUpPrompt | null = null;

/**
 * The one place every call gets the step-up prompt: the app registers its dialog here, and a call
 * answered 403 `step_up_required` waits for it and is sent again. Answers the unregister function.
 */
export function registerStepUpPrompt(prompt: StepUpPrompt): () => void {
  stepUpPrompt = prompt;
  return () => {
    if (stepUpPrompt === prompt) stepUpPrompt = null;
  };
}

/** The server's code for an admin who must set up a second factor before anything else (ADMIN_REQUIRE_2FA). */
const SECOND_FACTOR_ENROLMENT_REQUIRED = 'second_factor_enrolment_required';
let enrolmentRequired: (() => void) | null = null;

/** What to do when a call answers `second_factor_enrolment_required` (the app goes to the Security page). */
export function registerEnrolmentRequired(handler: () => void): () => void {
  enrolmentRequired = handler;
  return () => {
    if (enrolmentRequired === handler) enrolmentRequired = null;
  };
}

/** The error names a code (the server's `code` beside the message), e.g. `step_up_required`. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

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
  if (!response.ok) {
    const error = new ApiError(response.status, errorMessageOf(data) ?? FALLBACK_MESSAGE, data);
    // Confirmed in the dialog: the same call again, once; given up: the refusal as it came.
    if (response.status === 403 && errorCodeOf(error) === STEP_UP_REQUIRED && stepUpPrompt && !request.afterStepUp) {
      if (await stepUpPrompt()) return apiFetch(path, { ...request, afterStepUp: true }, parse);
    }
    if (response.status === 403 && errorCodeOf(error) === SECOND_FACTOR_ENROLMENT_REQUIRED) enrolmentRequired?.();
    throw error;
  }
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
