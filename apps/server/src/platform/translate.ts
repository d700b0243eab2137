import type { Logger } from 'pino';
import type { AtOnce } from './at-once.js';

/** Turns search text into English before it is matched (docs/product-spec.md §5 and 7). */
export interface Translator {
  /** The text itself when there is nothing to wait for: a search as typed then answers at once (docs/decisions/0021). */
  toEnglish(text: string): AtOnce<string>;
}

export const noTranslation: Translator = { toEnglish: (text) => text };

/**
 * A LibreTranslate-compatible client: `POST {q, source: 'auto', target: 'en', format: 'text'}`
 * answers `{translatedText}`. Search must not wait on a slow translator, so it gives up after a
 * short timeout; on any failure the text is searched as typed and the failure is logged.
 */
export function libreTranslate(url: string, log: Pick<Logger, 'warn'>, timeoutMs = 1500): Translator {
  return {
    async toEnglish(text) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ q: text, source: 'auto', target: 'en', format: 'text' }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`translation service answered ${response.status}`);
        const body = (await response.json()) as { translatedText?: unknown };
        if (typeof body.translatedText !== 'string' || !body.translatedText.trim()) {
          throw new Error('translation service answered without translatedText');
        }
        return body.translatedText;
      } catch (error) {
        log.warn({ err: error }, 'search text translation failed; searching the text as typed');
        return text;
      }
    },
  };
}
