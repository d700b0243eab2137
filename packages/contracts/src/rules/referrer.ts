/**
 * Where a visit came from, as the browser keeps it (docs/decisions/0020): a landing's `utm_source`
 * or an outside referrer's host, lower-cased, with anything but letters, digits, dots, dashes and
 * underscores made a dash, at most 64 characters; null when nothing usable is left. No zod here:
 * the storefront's entry uses it.
 */
export function normaliseReferrer(raw: string | null | undefined): string | null {
  const cleaned = (raw ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 64);
  return cleaned === '' ? null : cleaned;
}

/**
 * What a page load tells of its source: `utm_source` of the landing URL wins; else the referrer's
 * host when it is another site's; else null (a direct visit, or a page of our own).
 */
export function visitSourceOf(landingUrl: string, referrer: string): string | null {
  const landing = new URL(landingUrl);
  const utm = normaliseReferrer(landing.searchParams.get('utm_source'));
  if (utm) return utm;
  if (!referrer) return null;
  try {
    const from = new URL(referrer);
    if (from.host === landing.host || !/^https?:$/.test(from.protocol)) return null;
    return normaliseReferrer(from.hostname.replace(/^www\./, ''));
  } catch {
    return null;
  }
}
