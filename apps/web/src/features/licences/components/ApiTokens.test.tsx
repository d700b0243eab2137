// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { ApiTokens } from './ApiTokens';

/** A server that, like the real one, sends a new token once and lists tokens without them. */
function fakeServer() {
  const tokens: ApiToken[] = [];
  const deleted: string[] = [];
  const bodies: unknown[] = [];
  fakeFetch((url, init) => {
    if (url === '/api/licence/tokens' && init?.method === 'POST') {
      const { name, scopes, expiresInDays } = JSON.parse(String(init.body)) as Pick<ApiToken, 'name' | 'scopes'> & {
        expiresInDays: number;
      };
      bodies.push({ name, scopes, expiresInDays });
      const token = {
        _id: `token_0000000${tokens.length + 1}`,
        name,
        scopes,
        createdAt: '2026-03-01T12:00:00.000Z',
        expiresAt: new Date(Date.parse('2026-03-01T12:00:00.000Z') + expiresInDays * 86_400_000).toISOString(),
        lastUsedAt: null,
      };
      tokens.push(token);
      return { status: 201, body: { ...token, token: 'smk_secret-token-value' } };
    }
    if (url === '/api/licence/tokens') return { status: 200, body: tokens };
    if (url.startsWith('/api/licence/tokens/') && init?.method === 'DELETE') {
      const id = url.split('/').pop()!;
      deleted.push(id);
      tokens.splice(
        tokens.findIndex((token) => token._id === id),
        1,
      );
      return { status: 204, body: undefined };
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  return { deleted, bodies };
}

describe('ApiTokens', () => {
  afterEach(cleanup);

  it('asks for a name and at least one scope, shows the new token once, lists its scopes, and revokes it after a second press', async () => {
    const { deleted, bodies } = fakeServer();
    renderAt(<ApiTokens />, '/userPanel/api-tokens');
    expect(await screen.findByText('No API tokens yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('alert').textContent).toBe('Name the token, e.g. the game server that uses it');

    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Game server' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one scope');
    const scopes = screen.getByRole('group', { name: 'What the token may do' });
    expect(document.activeElement).toBe(within(scopes).getAllByRole('checkbox')[0]);

    fireEvent.click(within(scopes).getByRole('checkbox', { name: /licences:read/ }));
    fireEvent.click(within(scopes).getByRole('checkbox', { name: /sales:read/ }));
    fireEvent.change(screen.getByLabelText('Expires after'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const once = await screen.findByRole('region', { name: /Your new token/ });
    expect(within(once).getByText('smk_secret-token-value')).toBeTruthy();
    expect(document.activeElement).toBe(once);
    const row = (await screen.findByRole('rowheader', { name: 'Game server' })).closest('tr')!;
    expect(row.textContent).not.toContain('smk_');
    expect(bodies).toEqual([{ name: 'Game server', scopes: ['licences:read', 'sales:read'], expiresInDays: 90 }]);
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['licences:read', 'sales:read']);
    expect(within(row).getByText('Never')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(deleted).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, revoke' }));
    await waitFor(() => expect(deleted).toEqual(['token_00000001']));
    expect(await screen.findByText('No API tokens yet')).toBeTruthy();
  });
});
