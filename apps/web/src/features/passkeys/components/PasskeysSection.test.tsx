// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Passkey } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { PasskeysSection } from './PasskeysSection';

function passkey(overrides: Partial<Passkey> = {}): Passkey {
  return {
    _id: 'passkey_0001',
    name: 'Chrome on Linux',
    createdAt: '2026-01-15T10:00:00.000Z',
    lastUsedAt: null,
    backedUp: false,
    ...overrides,
  };
}

/** A server holding the person's passkeys: answers the list and applies renames and removals as the real one does. */
function fakeServer(initial: Passkey[]) {
  let passkeys = [...initial];
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  fakeFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/user/passkeys' && method === 'GET') return { status: 200, body: { passkeys } };
    const id = url.split('/').at(-1);
    const found = passkeys.find((one) => one._id === id);
    if (!found) return { status: 404, body: { message: 'No such passkey' } };
    if (method === 'PUT') {
      found.name = String(body!.name).trim();
      return { status: 200, body: found };
    }
    if (method === 'DELETE') {
      passkeys = passkeys.filter((one) => one !== found);
      return { status: 200, body: { message: 'Passkey removed' } };
    }
    return { status: 404, body: { message: `unexpected ${method} ${url}` } };
  });
  return { sent };
}

describe('PasskeysSection', () => {
  afterEach(cleanup);

  it('says when there are no passkeys yet, and offers to add one', async () => {
    fakeServer([]);
    renderAt(<PasskeysSection supported />);
    expect(await screen.findByText(/No passkeys yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Passkeys' })).toBeTruthy();
  });

  it('lists each passkey with when it was added and last used', async () => {
    fakeServer([
      passkey(),
      passkey({
        _id: 'passkey_0002',
        name: 'Phone',
        createdAt: '2026-01-10T10:00:00.000Z',
        lastUsedAt: '2026-01-14T09:00:00.000Z',
        backedUp: true,
      }),
    ]);
    renderAt(<PasskeysSection supported />);
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Chrome on Linux', 'Phone']);
    expect(items[0]!.textContent).toContain('Added Jan 15, 2026');
    expect(items[0]!.textContent).toContain('Never used to sign in');
    expect(items[1]!.textContent).toContain('Last used Jan 14, 2026');
    expect(items[1]!.textContent).toContain('Synced between your devices');
  });

  it('says so instead of the button when the browser has no WebAuthn', async () => {
    fakeServer([passkey()]);
    renderAt(<PasskeysSection supported={false} />);
    expect(await screen.findByText(/This browser cannot create or use passkeys/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    // Passkeys made elsewhere can still be renamed or removed from here.
    expect(await screen.findByRole('heading', { name: 'Chrome on Linux' })).toBeTruthy();
  });

  it('renames a passkey in a labelled inline form', async () => {
    const { sent } = fakeServer([passkey()]);
    renderAt(<PasskeysSection supported />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const form = screen.getByRole('form', { name: 'Rename Chrome on Linux' });
    fireEvent.change(within(form).getByLabelText('Name of the passkey'), { target: { value: 'Work laptop' } });
    fireEvent.submit(form);
    expect(await screen.findByRole('heading', { name: 'Work laptop' })).toBeTruthy();
    expect(sent).toEqual([{ method: 'PUT', url: '/api/user/passkeys/passkey_0001', body: { name: 'Work laptop' } }]);
  });

  it('removes a passkey only once confirmed', async () => {
    const { sent } = fakeServer([passkey()]);
    renderAt(<PasskeysSection supported />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(screen.getByText(/No passkeys yet/)).toBeTruthy());
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/user/passkeys/passkey_0001', body: undefined }]);
  });
});
