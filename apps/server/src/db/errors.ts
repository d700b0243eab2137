/** A write refused by a unique index: SQLite's constraint code or PostgreSQL's SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * SQLSTATEs of a server that cannot take the request now but soon will: too many connections (53300),
 * a connection cut by a shutdown or restart (57P01, 57P02), starting up or shutting down (57P03), and
 * the connection-exception class (08…).
 */
const UNAVAILABLE_CODES = new Set(['53300', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** node-postgres's own errors for a connection that could not be had or was lost; they carry no SQLSTATE. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/** A failure of the database's availability (restart, full, starting), not of the request: worth a retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}
