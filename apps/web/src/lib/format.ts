import { dollarsToCents, formatUsd } from '@market/contracts';

/** The one way the web app shows money and times. */

/** Dollars as the API sends them, e.g. "$1,000,000.00"; an em dash where there is no amount. */
export function formatDollars(dollars: number | null): string {
  return dollars === null ? '—' : formatUsd(dollarsToCents(dollars));
}

/** Cents as the cart rules count them, e.g. "$49.00". */
export const formatCents = formatUsd;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatted(format: Intl.DateTimeFormat, iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** An ISO time as "Jan 15, 2026"; '' for a value that is not a time. */
export const formatDate = (iso: string | null) => formatted(dateFormat, iso);

/** An ISO time as "Jan 15, 2026, 10:00 AM"; '' for a value that is not a time. */
export const formatDateTime = (iso: string) => formatted(dateTimeFormat, iso);
