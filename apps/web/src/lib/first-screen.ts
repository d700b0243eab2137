import type { DehydratedState } from '@tanstack/react-query';
import { FIRST_SCREEN_ELEMENT_ID } from '@market/contracts';

/**
 * The answer the server's render gives a read of this path (entry-server.tsx): `undefined` when it
 * has none to show, and the page renders that read's loading state, as the browser would at first.
 */
export type ServerAnswers = (path: string) => Promise<{ data: unknown } | undefined>;

let rendering: { answers: ServerAnswers; asked: Promise<unknown>[] } | null = null;

/**
 * Starts the reads `start` begins synchronously with their answers taken from `answers`, and resolves
 * once every answer is known. Only the server's render does this; a browser asks the API.
 */
export async function answeringFrom(answers: ServerAnswers, start: () => void): Promise<void> {
  const scope = { answers, asked: [] as Promise<unknown>[] };
  rendering = scope;
  try {
    start();
  } finally {
    rendering = null;
  }
  await Promise.allSettled(scope.asked);
}

/** The server's answer to a read started by answeringFrom, or undefined for a read to send. */
export function serverAnswer(path: string): Promise<unknown> | undefined {
  if (!rendering) return undefined;
  const asked = rendering.answers(path);
  rendering.asked.push(asked);
  // A read without an answer never settles: its query stays pending and is not sent to the browser.
  return asked.then((answer) => (answer ? answer.data : new Promise<never>(() => undefined)));
}

/**
 * The queries the server rendered the page with, embedded in its HTML (modules/pages on the server),
 * counted as fetched now: the server vouches for them as it does for its API answers, a page it kept
 * for visitors may be seconds old, and this device's clock need not agree with the server's.
 */
export function readFirstScreenState(): DehydratedState | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    return state;
  } catch {
    // A page without a usable state asks the API, as any other page does.
    return undefined;
  }
}
