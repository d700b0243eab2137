import { API_PATHS, type BasketLine } from '@market/contracts';
import { ApiError, apiFetch } from '@/lib/api';
import { showNotice } from '@/components/notice/notices';
import { BUNDLE_CART_KEY, CART_CHANGED_EVENT, CART_KEY, WISHLIST_KEY, writeStoredList, type ListKey } from './cartStorage';
import { readList } from './cartLists';

/**
 * A signed-in person's cart and wishlist belong to the account: the server keeps them, this tab
 * keeps a working copy under the spec's keys (docs/product-spec.md section 3) so every page reads
 * them as it reads a visitor's. At sign-in the browser's lines join the account's; each change is
 * written back; at sign-out the copy is forgotten, so the next person at this computer sees none.
 */
const LISTS: ReadonlyArray<{ key: ListKey; path: string }> = [
  { key: CART_KEY, path: API_PATHS.basket.cart },
  { key: WISHLIST_KEY, path: API_PATHS.basket.wishlist },
];

const linesOf = (key: ListKey): BasketLine[] =>
  readList(key).map((item) => ({ productId: item._id, selectedLicense: item.selectedLicense, isReskin: item.isReskin }));

/** The lines the server last answered per list: a change that leaves them as they are is not sent again. */
const agreed = new Map<ListKey, string>();
/** Set while the server's answer is stored: that write is no change of the person's to send back. */
let writingAnswer = false;
/** One request at a time per list, in the order the changes were made. */
const queues = new Map<ListKey, Promise<void>>();

function enqueue(key: ListKey, send: () => Promise<void>): Promise<void> {
  const next = (queues.get(key) ?? Promise.resolve()).then(send).catch(() => {
    // Offline or refused: the server keeps its copy, and the next change or sign-in sends the list again.
    agreed.delete(key);
  });
  queues.set(key, next);
  return next;
}

/** The line a refusal names (`items.2.productId`), or null when it names none. */
function refusedLine(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = (error.body as { errors?: Array<{ field?: unknown }> } | undefined)?.errors?.[0]?.field;
  const match = typeof field === 'string' ? /^items\.(\d+)\./.exec(field) : null;
  return match ? Number(match[1]) : null;
}

async function exchange(key: ListKey, path: string, method: 'POST' | 'PUT'): Promise<void> {
  const sent = JSON.stringify(linesOf(key));
  let answer: { items?: unknown } | undefined;
  try {
    answer = await apiFetch<{ items?: unknown }>(path, { method, body: { items: JSON.parse(sent) as BasketLine[] } });
  } catch (error) {
    const line = refusedLine(error);
    if (line === null || JSON.stringify(linesOf(key)) !== sent) throw error;
    // A line the account may not hold (one's own product, one gone from the store, added from a card
    // that could not know): say why and take it out here too; the rest is then sent again.
    showNotice((error as ApiError).message, 'danger');
    writeStoredList(
      key,
      readList(key).filter((_, index) => index !== line),
    );
    return;
  }
  const answered: readonly unknown[] = Array.isArray(answer?.items) ? answer.items : [];
  if (JSON.stringify(linesOf(key)) !== sent) {
    // Changed while the call ran: those changes win and are sent next (their PUT is queued).
    // A merge's answer still brings the account's other lines in.
    if (method === 'POST') {
      const local = readList(key);
      const known = new Set(local.map((item) => item._id));
      const fromAccount = answered.filter((item) => !known.has((item as { _id?: unknown })._id as string));
      writeStoredList(key, [...local, ...fromAccount]);
    }
    return;
  }
  // The stored lines are checked as they are read (readList), like a visitor's.
  writingAnswer = true;
  try {
    writeStoredList(key, answered);
  } finally {
    writingAnswer = false;
  }
  agreed.set(key, JSON.stringify(linesOf(key)));
}

/** Joins this browser's lists to the account's (at sign-in, or when a signed-in tab opens). */
export function mergeIntoAccount(): Promise<void> {
  return Promise.all(LISTS.map(({ key, path }) => enqueue(key, () => exchange(key, path, 'POST')))).then(() => undefined);
}

function sendChangedLists(): void {
  if (writingAnswer) return;
  for (const { key, path } of LISTS) {
    if (agreed.get(key) !== JSON.stringify(linesOf(key))) void enqueue(key, () => exchange(key, path, 'PUT'));
  }
}

/** Writes this tab's changes to the account, for as long as someone is signed in. */
export function followAccountChanges(): () => void {
  window.addEventListener(CART_CHANGED_EVENT, sendChangedLists);
  return () => window.removeEventListener(CART_CHANGED_EVENT, sendChangedLists);
}

/** Signed out: nothing of the account stays in this browser, the bundles in its cart included. */
export function forgetAccountLists(): void {
  agreed.clear();
  const keys: ListKey[] = [...LISTS.map((list) => list.key), BUNDLE_CART_KEY];
  for (const key of keys) {
    try {
      writeStoredList(key, []);
    } catch {
      // Storage disabled: there was nothing kept.
    }
  }
}
