/**
 * A cookie the page may read, set beside the HttpOnly session cookie and cleared with it: it tells a
 * new tab that a session may exist, so visitors are never asked for a current user they do not have.
 * It proves nothing; the server decides from the session cookie alone.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
