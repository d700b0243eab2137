import { SIGNED_IN_HINT_COOKIE, type SessionUser } from '@market/contracts';

/** docs/product-spec.md: the signed-in user lives in sessionStorage under `userData`. */
export const USER_DATA_KEY = 'userData';

/**
 * Hand-written check instead of sessionUserSchema: this runs in the storefront entry,
 * which must not carry zod (see vite.config.ts and the 120 KB budget).
 */
export function parseSessionUser(data: unknown): SessionUser {
  if (!isSessionUser(data)) throw new Error('Unexpected user data from the server');
  const user = { _id: data._id, name: data.name, email: data.email, number: data.number, role: data.role };
  return data.actingForStudio === true ? { ...user, actingForStudio: true } : user;
}

function isSessionUser(data: unknown): data is SessionUser {
  if (typeof data !== 'object' || data === null) return false;
  const user = data as Record<string, unknown>;
  return (
    typeof user._id === 'string' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    typeof user.number === 'string' &&
    (user.role === 'User' || user.role === 'Admin')
  );
}

export function readStoredUser(): SessionUser | null {
  try {
    const raw = sessionStorage.getItem(USER_DATA_KEY);
    return raw === null ? null : parseSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function storeUser(user: SessionUser): void {
  try {
    sessionStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
  } catch {
    // Storage can be full or disabled (private mode); the in-memory session still works.
  }
}

export function forgetStoredUser(): void {
  try {
    sessionStorage.removeItem(USER_DATA_KEY);
  } catch {
    // See storeUser.
  }
}

let hintRead: boolean | undefined;

/** True when the server said this browser signed in (a tab opened since has no `userData` of its own yet). */
export function hasSignedInHint(): boolean {
  // The server's render (entry-server.tsx) has no document: it draws the page as a visitor sees it.
  if (typeof document === 'undefined') return false;
  // Reading document.cookie is a synchronous call to the browser process, and every user query asks
  // this on every render: one reading serves the task that made it.
  if (hintRead === undefined) {
    hintRead = document.cookie.split(';').some((entry) => entry.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
    queueMicrotask(() => {
      hintRead = undefined;
    });
  }
  return hintRead;
}
