import { visitSourceOf } from '@market/contracts';

/** sessionStorage key: where this tab's visit came from, for the seller's analytics (docs/decisions/0020). */
export const VISIT_SOURCE_KEY = 'visitSource';

/**
 * Called once per page load, before the app starts: a landing with `utm_source`, or from another
 * site, replaces what the tab kept; our own pages keep it, so the source follows the visitor from
 * the product page to the cart and the checkout. Nothing about the visitor is kept, only the source.
 */
export function rememberVisitSource(): void {
  try {
    const source = visitSourceOf(window.location.href, document.referrer);
    if (source) sessionStorage.setItem(VISIT_SOURCE_KEY, source);
  } catch {
    // Storage refused (private mode, a full quota): the visit counts as direct.
  }
}

/** The tab's visit source, or null for a direct visit. */
export function visitSource(): string | null {
  try {
    return sessionStorage.getItem(VISIT_SOURCE_KEY);
  } catch {
    return null;
  }
}

/** `path` with `?referrer=` when the visit has a source. */
export function withVisitSource(path: string): string {
  const source = visitSource();
  return source ? `${path}?${new URLSearchParams({ referrer: source })}` : path;
}
