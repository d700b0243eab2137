// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { StudioMembers } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { StudioPanel } from './StudioPanel';

const OWNER = {
  userId: 'owner_000001',
  name: 'Pixel Forge Studio',
  email: 'seller@example.com',
  role: 'owner',
  addedAt: '2026-01-15T10:00:00.000Z',
} as const;
const DEV = {
  userId: 'member_00001',
  name: 'Dana Developer',
  email: 'dana@example.com',
  role: 'developer',
  addedAt: '2026-01-16T10:00:00.000Z',
} as const;

function studio(role: StudioMembers['role']): StudioMembers {
  return {
    studio: { id: OWNER.userId, name: OWNER.name, createdAt: OWNER.addedAt },
    role,
    members: [OWNER, DEV],
    invitations: [],
  };
}

/** A server with the studio (or none), recording the writes. */
function fakeServer(initial: StudioMembers | null) {
  let answer = initial;
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  fakeFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/studio/members' && method === 'GET') {
      return answer ? { status: 200, body: answer } : { status: 404, body: { message: 'Your account is not a studio yet' } };
    }
    if (url === '/api/studio/audit') return { status: 200, body: { entries: [], nextCursor: null } };
    if (url === '/api/studio' && method === 'POST') {
      answer = { ...studio('owner'), members: [OWNER] };
      return { status: 201, body: answer.studio };
    }
    return { status: 404, body: { message: `unexpected ${method} ${url}` } };
  });
  return { sent };
}

describe('StudioPanel', () => {
  afterEach(cleanup);

  it('offers to turn an account that is no studio into one, asking twice', async () => {
    const { sent } = fakeServer(null);
    renderAt(<StudioPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn my account into a studio' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, make it a studio' }));
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.getByText(/You are/).textContent).toContain('Owner of Pixel Forge Studio');
    expect(sent).toEqual([{ method: 'POST', url: '/api/studio', body: {} }]);
  });

  it('lets the owner change a member’s role but never the owner’s, and shows the invite form', async () => {
    fakeServer(studio('owner'));
    renderAt(<StudioPanel />);
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByLabelText('Role of Dana Developer')).toHaveProperty('value', 'developer');
    expect(within(table).queryByLabelText('Role of Pixel Forge Studio')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeTruthy();
  });

  it('shows a Developer the members read only, without the invite form or the audit log', async () => {
    fakeServer(studio('developer'));
    renderAt(<StudioPanel />);
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).queryByRole('combobox')).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.getByText(/You are/).textContent).toContain('Developer of Pixel Forge Studio');
  });
});
