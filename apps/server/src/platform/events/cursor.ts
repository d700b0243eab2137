/**
 * A stream event's id (`id:` of server-sent events, the browser's `Last-Event-ID`): the stored row's
 * `seq`, the order the database wrote the rows in (migration 0020), so it outlives the process and
 * no two rows share one. Zero-padded to one length, so ids also order as plain strings.
 */
const DIGITS = 16;
const CURSOR_PATTERN = new RegExp(`^\\d{${DIGITS}}$`);

/** PostgreSQL's bigint arrives as text, SQLite's integer as a number. */
export const formatCursor = (seq: number | string): string => String(seq).padStart(DIGITS, '0');

/** The row order a browser sent back, or null for anything this server never sent. */
export function parseCursor(text: string | undefined): number | null {
  return text && CURSOR_PATTERN.test(text) ? Number(text) : null;
}
