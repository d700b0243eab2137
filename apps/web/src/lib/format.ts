import { dollarsToCents, formatUsd } from '@market/contracts';

/** The one way the web app shows money and times. */

/** Dollars as the API sends them, e.g. "$1,000,000.00"; an em dash where there is no amount. */
export function formatDollars(dollars: number | null): string {
  return dollars === null ? '—' : formatUsd(dollarsToCents(dollars));
}

/** Cents as the cart rules count them, e.g. "$49.00". */
export const formatCents = formatUsd;

// Made on first use: each costs tens of milliseconds on a phone, and the storefront shows no dates.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

function formatted(format: Intl.DateTimeFormat, iso: string | null): string {
  const date = new Date(iso ?? '');
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** An ISO time as "Jan 15, 2026"; '' for a value that is not a time. */
export const formatDate = (iso: string | null) =>
  iso ? formatted((dateFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })), iso) : '';

/** An ISO time as "Jan 15, 2026, 10:00 AM"; '' for a value that is not a time. */
export const formatDateTime = (iso: string) =>
  iso ? formatted((dateTimeFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })), iso) : '';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An ISO time's day in UTC as "Nov 25, 2026", by hand: a drawn storefront page shows it, so the
 * server and the browser must write the same text whatever their time zones, and the first
 * Intl format would cost a phone tens of milliseconds. '' for a value that is not a time.
 */
export function formatDayUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * An ISO time in UTC as "Nov 25, 2026, 14:05 UTC", by hand for the same reason as formatDayUtc.
 * '' for a value that is not a time.
 */
export function formatDateTimeUtc(iso: string): string {
  const day = formatDayUtc(iso);
  if (!day) return '';
  const date = new Date(iso);
  return `${day}, ${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')} UTC`;
}

/** A file size as "12 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
