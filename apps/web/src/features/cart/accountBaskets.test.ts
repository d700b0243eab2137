// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotice } from '@/components/notice/notices';
import { followAccountChanges, mergeIntoAccount, forgetAccountLists } from './accountBaskets';
import { readList } from './cartLists';
import { CART_KEY, WISHLIST_KEY, writeStoredList } from './cartStorage';

const item = (id: string) => ({
  _id: id,
  title: { en: `Game ${id}` },
  singleAppLicense: 10,
  multiAppLicense: 30,
  selectedLicense: 'Single App License',
  isReskin: 'false',
});

/** A server whose answers wait until `answerAll` is called, as a slow network would. */
function slowServer(answer: (path: string) => unknown[]) {
  const waiting: Array<() => void> = [];
  const sent: Array<{ path: string; method: string; items: unknown }> = [];
  globalThis.fetch = ((path: string, init: RequestInit) => {
    sent.push({ path, method: String(init.method), items: (JSON.parse(String(init.body)) as { items: unknown }).items });
    return new Promise<Response>((resolve) => {
      waiting.push(() => resolve(new Response(JSON.stringify({ items: answer(path) }), { status: 200 })));
    });
  }) as typeof fetch;
  return { sent, answerAll: () => waiting.splice(0).forEach((respond) => respond()) };
}

describe('the account’s cart and wishlist in this browser', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => forgetAccountLists());

  it('merges the browser’s lines into the account’s and keeps the answer', async () => {
    writeStoredList(CART_KEY, [item('visitor-line-01')]);
    const server = slowServer((path) => (path === '/api/cart' ? [item('visitor-line-01'), item('account-line-01')] : []));

    const merged = mergeIntoAccount();
    await Promise.resolve();
    server.answerAll();
    await merged;

    expect(server.sent.map(({ path, method }) => `${method} ${path}`).sort()).toEqual(['POST /api/cart', 'POST /api/wishlist']);
    expect(server.sent.find(({ path }) => path === '/api/cart')?.items).toEqual([
      { productId: 'visitor-line-01', selectedLicense: 'Single App License', isReskin: 'false' },
    ]);
    expect(readList(CART_KEY).map((line) => line._id)).toEqual(['visitor-line-01', 'account-line-01']);
  });

  it('keeps a line added while the merge was under way, beside the account’s', async () => {
    const server = slowServer((path) => (path === '/api/wishlist' ? [item('account-line-02')] : []));

    const merged = mergeIntoAccount();
    await Promise.resolve();
    // Added on the page before the merge's answer arrived.
    writeStoredList(WISHLIST_KEY, [item('added-meanwhile')]);
    server.answerAll();
    await merged;

    expect(readList(WISHLIST_KEY).map((line) => line._id)).toEqual(['added-meanwhile', 'account-line-02']);
  });

  it('takes out a line the account refuses, says why, and sends the rest again', async () => {
    const OWN = 'Your own product cannot go in your cart or wishlist.';
    const sent: unknown[] = [];
    globalThis.fetch = ((path: string, init: RequestInit) => {
      const items = (JSON.parse(String(init.body)) as { items: Array<{ productId: string }> }).items;
      if (path === '/api/cart') sent.push(items.map((line) => line.productId));
      const own = items.findIndex((line) => line.productId === 'own-product-01');
      if (own >= 0) {
        const body = { message: OWN, errors: [{ field: `items.${own}.productId`, message: OWN }] };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 400 }));
      }
      return Promise.resolve(new Response(JSON.stringify({ items: items.map((line) => item(line.productId)) }), { status: 200 }));
    }) as typeof fetch;
    const stop = followAccountChanges();
    try {
      // Added from a card, which cannot know the product is this seller's own.
      writeStoredList(CART_KEY, [item('bought-line-01'), item('own-product-01')]);
      await vi.waitFor(() => expect(sent).toEqual([['bought-line-01', 'own-product-01'], ['bought-line-01']]));
      expect(readList(CART_KEY).map((line) => line._id)).toEqual(['bought-line-01']);
      expect(currentNotice()).toMatchObject({ text: OWN, tone: 'danger' });
    } finally {
      stop();
    }
  });

  it('forgets both lists at sign-out', () => {
    writeStoredList(CART_KEY, [item('cart-line-0001')]);
    writeStoredList(WISHLIST_KEY, [item('wish-line-0001')]);
    forgetAccountLists();
    expect(readList(CART_KEY)).toEqual([]);
    expect(readList(WISHLIST_KEY)).toEqual([]);
  });
});
