import { ApiError } from '@/lib/api';

export interface ProgressOptions {
  /** Called with the uploaded fraction, 0 to 1, while the request body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';
const STATUS_MESSAGES: Record<number, string> = {
  401: 'Your session has expired. Please log in again.',
  403: 'You are not allowed to do this.',
  413: 'The files are too large to upload.',
};

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that reports upload
 * progress (source archives are large). Resolves with the parsed JSON answer; rejects with an
 * ApiError carrying the server's `{ message }`, or an AbortError when the signal aborts.
 */
export function sendWithProgress(
  method: 'POST' | 'PUT',
  url: string,
  body: FormData,
  { onProgress, signal, headers = {} }: ProgressOptions = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);

    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      done();
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data);
      } else {
        reject(new ApiError(xhr.status, messageOf(data) ?? STATUS_MESSAGES[xhr.status] ?? FALLBACK_MESSAGE));
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, 'Cannot reach the server. Check your connection and try again.'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { message } = data as { message?: unknown };
  return typeof message === 'string' && message !== '' ? message : undefined;
}
