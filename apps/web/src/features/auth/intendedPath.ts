/** Where a panel sent the visitor from (RequireRole's `from`), so signing in takes them back there. */
export function intendedPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
