// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Release } from '@market/contracts';
import { formatDateTime } from '@/lib/format';
import { fakeFetch, renderAt } from '@/test-utils';
import { detail } from '@/testProducts';
import { PendingReleases } from './PendingReleases';

const PENDING = '/api/product/releases/pending';
const TOO_OLD = 'The version must be greater than 1.3.0, the latest published version';

function release(overrides: Partial<Release> = {}): Release {
  return {
    _id: 'release_0001',
    productId: 'product_0007',
    version: '1.2.0',
    changelog: '<p>A new <strong>boss</strong> level</p>',
    engineVersion: 'Unity 2022.3',
    sizeBytes: 50_855_936,
    status: 'Pending',
    createdAt: '2026-11-20T10:00:00.000Z',
    publishedAt: null,
    ...overrides,
  };
}

const products = {
  product_0007: detail(7, { title: { en: 'Space Racer' }, slug: 'Space-Racer' }),
  product_0008: detail(8, { title: { en: 'Puzzle Box' }, slug: 'Puzzle-Box' }),
};

const twoReleases = () => [
  release(),
  release({ _id: 'release_0002', productId: 'product_0008', version: '2.0.1', engineVersion: null, sizeBytes: 320_000 }),
];

/** A server holding `initial` pending releases; a decision takes the release out, unless `refuseApproval` says why not. */
function fakeServer(initial = twoReleases(), { refuseApproval }: { refuseApproval?: string } = {}) {
  let pending = initial;
  const calls = fakeFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === PENDING) return { status: 200, body: pending };
    const product = /^\/api\/product\/(\w+)$/.exec(url);
    if (method === 'GET' && product) {
      const found = products[product[1] as keyof typeof products];
      return found ? { status: 200, body: found } : { status: 404, body: { message: 'Product not found' } };
    }
    const decision = /^\/api\/product\/releases\/(\w+)\/(approve|reject)$/.exec(url);
    if (method === 'PUT' && decision) {
      if (decision[2] === 'approve' && refuseApproval) return { status: 400, body: { message: refuseApproval } };
      const decided = pending.find((entry) => entry._id === decision[1]);
      pending = pending.filter((entry) => entry._id !== decision[1]);
      const status = decision[2] === 'approve' ? 'Approved' : 'Rejected';
      return { status: 200, body: { message: `Release ${status.toLowerCase()}`, release: { ...decided, status } } };
    }
    return { status: 404, body: { message: `unexpected ${method} ${url}` } };
  });
  const pendingCalls = () => calls.filter((call) => call.url === PENDING).length;
  return { calls, pendingCalls };
}

/** Holds every PUT until `answer()` is called, to see the page while the server decides. */
function holdDecisions() {
  const answerNow = globalThis.fetch;
  let openGate: (() => void) | undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') await gate;
    return answerNow(input, init);
  }) as typeof fetch;
  return { answer: () => openGate?.() };
}

const entry = (name: RegExp) => screen.getByRole('listitem', { name });

describe('PendingReleases', () => {
  afterEach(cleanup);

  it("shows 'No pending versions' under its heading when nothing waits", async () => {
    fakeServer([]);
    renderAt(<PendingReleases />);
    expect(await screen.findByText('No pending versions')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Pending versions' })).toBeTruthy();
  });

  it('shows the error with a retry when the list cannot load', async () => {
    fakeFetch(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    renderAt(<PendingReleases />);
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("lists a pending release with its product's title, version, facts, changelog and archive link", async () => {
    const { calls } = fakeServer([release(), release({ _id: 'release_0003', version: '1.3.0' })]);
    renderAt(<PendingReleases />);

    const titleLinks = await screen.findAllByRole('link', { name: 'Space Racer' });
    expect(titleLinks.map((link) => link.getAttribute('href'))).toEqual(['/downloads/Space-Racer', '/downloads/Space-Racer']);
    // Two versions of one product: its title is fetched once.
    expect(calls.filter((call) => call.url === '/api/product/product_0007')).toHaveLength(1);

    const row = within(entry(/Space Racer version 1\.2\.0/));
    expect(row.getByText('Unity 2022.3')).toBeTruthy();
    expect(row.getByText('48.5 MB')).toBeTruthy();
    expect(row.getByText(formatDateTime('2026-11-20T10:00:00.000Z'))).toBeTruthy();
    expect(row.getByText('Changelog').closest('details')?.querySelector('.rich-text strong')?.textContent).toBe('boss');

    const archive = row.getByRole('link', { name: 'Archive' });
    expect(archive.getAttribute('href')).toBe('/api/product/product_0007/source-code?release=release_0001');
    expect(archive.hasAttribute('download')).toBe(true);

    // Each button says which release it decides.
    const approve = row.getByRole('button', { name: 'Approve' });
    expect(document.getElementById(approve.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Space Racer version 1.2.0');
  });

  it('approves with PUT and the release leaves once the list is fetched again', async () => {
    const { calls, pendingCalls } = fakeServer();
    const server = holdDecisions();
    renderAt(<PendingReleases />);
    await screen.findByRole('link', { name: 'Space Racer' });
    const approve = within(entry(/Space Racer/)).getByRole('button', { name: 'Approve' });
    fireEvent.click(approve);

    await waitFor(() => expect(approve.getAttribute('aria-busy')).toBe('true'));
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    expect((within(entry(/Space Racer/)).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);

    server.answer();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Space Racer' })).toBeNull());
    expect(calls.find((call) => call.url === '/api/product/releases/release_0001/approve')?.init?.method).toBe('PUT');
    expect(pendingCalls()).toBe(2);
    expect(entry(/Puzzle Box/)).toBeTruthy();
  });

  it("moves focus to the next release's Approve once one is approved", async () => {
    fakeServer();
    renderAt(<PendingReleases />);
    await screen.findByRole('link', { name: 'Space Racer' });
    const approve = within(entry(/Space Racer/)).getByRole('button', { name: 'Approve' });
    approve.focus();
    fireEvent.click(approve);

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Space Racer' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(entry(/Puzzle Box/)).getByRole('button', { name: 'Approve' })));
  });

  it("keeps the release, with the server's reason next to the buttons, when approval is refused", async () => {
    const { pendingCalls } = fakeServer(twoReleases(), { refuseApproval: TOO_OLD });
    renderAt(<PendingReleases />);
    await screen.findByRole('link', { name: 'Space Racer' });
    const approve = within(entry(/Space Racer/)).getByRole('button', { name: 'Approve' });
    fireEvent.click(approve);

    expect((await within(entry(/Space Racer/)).findByRole('alert')).textContent).toBe(TOO_OLD);
    expect((approve as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(approve));
    expect(pendingCalls()).toBe(1);
  });

  it('rejects with PUT, and still offers the decision when the product cannot be read', async () => {
    const { calls } = fakeServer([release({ productId: 'product_0404' })]);
    renderAt(<PendingReleases />);
    expect(await screen.findByText('Product unavailable')).toBeTruthy();
    fireEvent.click(within(entry(/version 1\.2\.0/)).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('No pending versions')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/product/releases/release_0001/reject')?.init?.method).toBe('PUT');
  });
});
