// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@market/contracts';
import { adminBob, fakeFetch, renderAt, userAlice } from '@/test-utils';
import { NotificationBell } from './NotificationBell';
import { NotificationsList } from './NotificationsList';

function notice(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    _id: `notice_${String(n).padStart(4, '0')}`,
    kind: 'release',
    title: `Space Runner 1.${n}.0 is out`,
    body: 'Android SDK 35 support',
    link: '/userPanel/purchases',
    createdAt: '2026-11-25T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

const page = (notifications: Notification[], unread: number, extra: Record<string, unknown> = {}) => ({
  notifications,
  unread,
  page: 1,
  hasMore: false,
  ...extra,
});

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('NotificationBell', () => {
  afterEach(cleanup);

  it('shows the unread count on the bell and the latest notices under it, and marks one read when it is opened', async () => {
    const calls = fakeFetch((url, init) => {
      if (url === '/api/notification/mine?page=1')
        return { status: 200, body: page([notice(2), notice(1, { readAt: '2026-11-25T11:00:00.000Z' })], 1) };
      if (url === '/api/notification/markRead' && init?.method === 'PUT') return { status: 200, body: { unread: 0 } };
      return { status: 404, body: { message: 'no' } };
    });
    renderAt(<NotificationBell user={userAlice} />);

    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    expect(within(bell()).getByText('1')).toBeTruthy();
    fireEvent.click(bell());
    const first = await screen.findByRole('link', { name: /Unread: Space Runner 1\.2\.0 is out/ });
    expect(first.getAttribute('href')).toBe('/userPanel/purchases');
    expect(screen.getByRole('link', { name: /^Space Runner 1\.1\.0 is out/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe('/userPanel/notifications');

    fireEvent.click(first);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/notification/markRead')).toBe(true));
    const mark = calls.find((call) => call.url === '/api/notification/markRead');
    expect(JSON.parse(String(mark?.init?.body))).toEqual({ ids: ['notice_0002'] });
  });

  it('hides the count at 0, says there is nothing yet, and sends an admin to their own panel', async () => {
    fakeFetch(() => ({ status: 200, body: page([], 0) }));
    renderAt(<NotificationBell user={adminBob} />);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(bell().querySelector('.badge')).toBeNull();
    fireEvent.click(bell());
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe('/adminPanel/notifications');
  });
});

describe('NotificationsList', () => {
  afterEach(cleanup);

  it('pages through older notices and marks all read', async () => {
    const calls = fakeFetch((url, init) => {
      if (url === '/api/notification/mine?page=1') return { status: 200, body: page([notice(3)], 2, { hasMore: true }) };
      if (url === '/api/notification/mine?page=2') return { status: 200, body: page([notice(1)], 2, { page: 2 }) };
      if (url === '/api/notification/markRead' && init?.method === 'PUT') return { status: 200, body: { unread: 0 } };
      return { status: 404, body: { message: 'no' } };
    });
    renderAt(<NotificationsList />);

    const list = await screen.findByRole('list', { name: 'Notifications, newest first' });
    expect(within(list).getByText('Space Runner 1.3.0 is out')).toBeTruthy();
    expect(screen.getByText('2 unread')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Newer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Space Runner 1.1.0 is out')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/notification/markRead')).toBe(true));
    expect(JSON.parse(String(calls.find((call) => call.url === '/api/notification/markRead')?.init?.body))).toEqual({ all: true });
  });

  it('says so when there is nothing yet', async () => {
    fakeFetch(() => ({ status: 200, body: page([], 0) }));
    renderAt(<NotificationsList />);
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
