import { FIRST_SCREEN_ELEMENT_ID } from '@market/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFetch } from './api';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove();
});

describe('the first screen’s embedded answers', () => {
  it('answer the first read of their URL without a request; the next read asks the server', async () => {
    // Put in place before the module reads it: the page arrives with it.
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_SCREEN_ELEMENT_ID;
    element.textContent = JSON.stringify({ '/api/product/popular?period=all': [{ _id: 'embedded' }] });
    document.body.append(element);
    const asked: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify([{ _id: 'from-server' }]), { status: 200 });
    }) as typeof fetch;

    const first = await apiFetch('/api/product/popular?period=all');
    const other = await apiFetch('/api/product/popular?period=month');
    const second = await apiFetch('/api/product/popular?period=all');

    expect(first).toEqual([{ _id: 'embedded' }]);
    expect(other).toEqual([{ _id: 'from-server' }]);
    expect(second).toEqual([{ _id: 'from-server' }]);
    expect(asked).toEqual(['/api/product/popular?period=month', '/api/product/popular?period=all']);
  });
});
