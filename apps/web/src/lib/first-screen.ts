import { FIRST_SCREEN_ELEMENT_ID } from '@market/contracts';

let answers: Map<string, unknown> | null = null;

/** As fresh as the page and no fresher: a read this long after the page loaded asks the API (the queries' staleTime). */
const FIRST_SCREEN_MAX_AGE_MS = 30_000;

function embeddedAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (element?.textContent) {
    try {
      answers = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
    } catch {
      // A page without usable answers asks the API, as any other page does.
    }
  }
  return answers;
}

/**
 * The answer the server sent with the page for this GET (modules/pages on the server), taken once:
 * the first screen needs no request of its own, and any later read of the same URL asks the API.
 */
export function takeFirstScreenAnswer(url: string): { data: unknown } | undefined {
  const embedded = embeddedAnswers();
  if (!embedded.has(url) || performance.now() > FIRST_SCREEN_MAX_AGE_MS) return undefined;
  const data = embedded.get(url);
  embedded.delete(url);
  return { data };
}
