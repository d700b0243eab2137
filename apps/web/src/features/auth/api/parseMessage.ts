/** `{ message }` answers, checked by hand: the auth feature stays free of zod (see sessionUser.ts). */
export function parseMessage(data: unknown): string {
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  if (typeof message !== 'string') throw new Error('Unexpected answer from the server');
  return message;
}
