// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_STREAM_EVENT } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { useNotificationStream } from './useNotificationStream';

/** A stand-in for the browser's EventSource: the test fires the server's events by hand. */
class FakeEventSource extends EventTarget {
  static open: FakeEventSource[] = [];
  constructor(readonly url: string) {
    super();
    FakeEventSource.open.push(this);
  }
  close() {
    FakeEventSource.open = FakeEventSource.open.filter((source) => source !== this);
  }
}

function PanelRows({ queryKey, path }: { queryKey: readonly unknown[]; path: string }) {
  useNotificationStream();
  const rows = useQuery({ queryKey, queryFn: () => fetch(path).then((response) => response.json() as Promise<{ status: string }>) });
  return <p>{rows.data?.status ?? 'loading'}</p>;
}

describe('useNotificationStream', () => {
  afterEach(() => {
    cleanup();
    FakeEventSource.open = [];
  });

  for (const { rows, queryKey, path } of [
    { rows: "a seller's uploaded products", queryKey: ['products', 'mine'], path: '/api/product/mine' },
    { rows: "a seller's withdrawals", queryKey: ['money', 'withdrawals', 'all'], path: '/api/withdraw/mine' },
    { rows: "an admin's refund requests", queryKey: ['refund-requests', 'all'], path: '/api/refund/requests' },
  ]) {
    it(`refetches ${rows} when a notice arrives`, async () => {
      globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
      let status = 'Pending';
      const calls = fakeFetch((url) => (url === path ? { status: 200, body: { status } } : { status: 404, body: {} }));
      const view = renderAt(<PanelRows queryKey={queryKey} path={path} />);
      await view.findByText('Pending');

      status = 'Approved';
      for (const source of FakeEventSource.open) source.dispatchEvent(new Event(NOTIFICATION_STREAM_EVENT));

      await waitFor(() => expect(view.getByText('Approved')).toBeTruthy());
      expect(calls.filter((call) => call.url === path)).toHaveLength(2);
    });
  }
});
