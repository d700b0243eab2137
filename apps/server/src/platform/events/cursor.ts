/**
 * A stream event's id (`id:` of server-sent events, the browser's `Last-Event-ID`): the stored row's
 * creation time and id, so it outlives the process and orders like the rows (time first, the id
 * breaking ties). ISO times of toISOString() have one length, so ids also order as plain strings.
 */
export interface StreamCursor {
  createdAt: string;
  id: string;
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([a-f0-9]{24})$/;

export const formatCursor = ({ createdAt, id }: StreamCursor): string => `${createdAt}_${id}`;

/** The cursor a browser sent back, or null for anything this server never sent. */
export function parseCursor(text: string | undefined): StreamCursor | null {
  const match = text ? CURSOR_PATTERN.exec(text) : null;
  return match ? { createdAt: match[1]!, id: match[2]! } : null;
}
