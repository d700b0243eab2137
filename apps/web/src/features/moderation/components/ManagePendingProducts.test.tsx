// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ARCHIVE_UNDER_REVIEW_CHANGED_MESSAGE } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { ManagePendingProducts } from './ManagePendingProducts';
import { summary } from './fixtures';

const LIST = '/api/product/uploaded-products?status=Pending';

/** A server holding `products`; approve, reject and delete remove the product from the pending list. */
function fakeServer(initial = [summary(), summary({ _id: 'product_0002', title: { en: 'Puzzle Box' } })], archiveChecks: unknown[] = []) {
  let products = initial;
  const calls = fakeFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === LIST) return { status: 200, body: products };
    if (method === 'GET' && url === '/api/product/pending-changes') return { status: 200, body: [] };
    if (method === 'GET' && url === '/api/product/archive-checks') return { status: 200, body: archiveChecks };
    const match = /\/(approved-product|reject-product|request-changes|delProduct)\/([\w-]+)$/.exec(url);
    if (match) {
      products = products.filter((product) => product._id !== match[2]);
      return { status: 200, body: { message: 'ok' } };
    }
    return { status: 404, body: { message: `unexpected ${method} ${url}` } };
  });
  const listCalls = () => calls.filter((call) => call.url === LIST).length;
  return { calls, listCalls };
}

const checkOf = (releaseId: string, version: string, warnings: unknown[]) => ({
  productId: 'product_0001',
  releaseId,
  version,
  status: 'ready',
  reason: null,
  warnings,
});

const row = (title: string) => screen.getByRole('row', { name: new RegExp(title) });

describe('ManagePendingProducts', () => {
  afterEach(cleanup);

  it("shows 'No Pending Product Found' when nothing waits", async () => {
    fakeServer([]);
    renderAt(<ManagePendingProducts />);
    expect(await screen.findByText('No Pending Product Found')).toBeTruthy();
  });

  it('shows the error with a retry when the list cannot load', async () => {
    fakeFetch(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    renderAt(<ManagePendingProducts />);
    expect((await screen.findAllByRole('alert'))[0]!.textContent).toContain('Database unavailable');
    // The pending products and the pending changes each offer their own retry.
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  });

  it('lists pending products with Approve, Reject, Delete and the source code link', async () => {
    fakeServer();
    renderAt(<ManagePendingProducts />);
    await screen.findByText('Space Racer');
    const actions = within(row('Space Racer'));
    expect(actions.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(actions.getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(actions.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(actions.getByRole('link', { name: 'Source code' }).getAttribute('href')).toBe('/api/product/product_0001/source-code');
  });

  it('shows beside Approve the secrets the archive analysis found, and a refused archive', async () => {
    fakeServer(undefined, [
      {
        productId: 'product_0001',
        releaseId: 'release_0001',
        version: '1.0.0',
        status: 'ready',
        reason: null,
        warnings: [{ kind: 'Private key', path: 'certs/server.pem', detail: 'An RSA private key' }],
      },
      {
        productId: 'product_0002',
        releaseId: 'release_0002',
        version: '1.0.0',
        status: 'refused',
        reason: 'The archive is not a ZIP file',
        warnings: [],
      },
    ]);
    renderAt(<ManagePendingProducts />);
    await screen.findByText('Space Racer');
    const secrets = await within(row('Space Racer')).findByRole('list', { name: 'Archive of version 1.0.0: secrets found' });
    expect(secrets.textContent).toContain('Private key in certs/server.pem: An RSA private key. Remove certs/server.pem');
    expect(within(row('Puzzle Box')).getByText('Archive of version 1.0.0 was not analysed: The archive is not a ZIP file')).toBeTruthy();
  });

  it('approves with PUT and reloads the list', async () => {
    const { calls, listCalls } = fakeServer();
    renderAt(<ManagePendingProducts />);
    await screen.findByText('Space Racer');
    fireEvent.click(within(row('Space Racer')).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(screen.queryByText('Space Racer')).toBeNull());
    const approve = calls.find((call) => call.url === '/api/product/approved-product/product_0001');
    expect(approve?.init?.method).toBe('PUT');
    expect(approve?.init?.body).toBeUndefined();
    expect(listCalls()).toBe(2);
  });

  it('approves naming the archive whose checks the row shows; on 409 shows why and the new archive', async () => {
    let checks = [checkOf('release_0100', '1.0.0', [{ kind: 'Android keystore', path: 'keystore/release.jks', detail: 'A keystore' }])];
    const calls = fakeFetch((url, init) => {
      if ((init?.method ?? 'GET') === 'GET' && url === LIST) return { status: 200, body: [summary()] };
      if (url === '/api/product/pending-changes') return { status: 200, body: [] };
      if (url === '/api/product/archive-checks') return { status: 200, body: checks };
      // The seller sent 1.0.1 while the admin looked at 1.0.0.
      checks = [checkOf('release_0101', '1.0.1', [])];
      return { status: 409, body: { message: ARCHIVE_UNDER_REVIEW_CHANGED_MESSAGE } };
    });
    renderAt(<ManagePendingProducts />);
    await within(await screen.findByRole('row', { name: /Space Racer/ })).findByText('Archive of version 1.0.0: 1 secret to remove');

    fireEvent.click(within(row('Space Racer')).getByRole('button', { name: 'Approve' }));

    expect((await within(row('Space Racer')).findByRole('alert')).textContent).toBe(ARCHIVE_UNDER_REVIEW_CHANGED_MESSAGE);
    const approve = calls.find((call) => call.url === '/api/product/approved-product/product_0001');
    expect(JSON.parse(String(approve?.init?.body))).toEqual({ releaseId: 'release_0100' });
    expect(await within(row('Space Racer')).findByText('Archive of version 1.0.1: no secrets found.')).toBeTruthy();
  });

  it('shows the admin the engine and the licences found, a GPL marked copyleft, before approving', async () => {
    const check = {
      ...checkOf('release_0100', '1.0.0', []),
      engine: 'Android',
      licences: [
        { file: 'LICENSE', spdx: 'GPL-3.0', copyleft: 'strong' },
        { file: 'libs/mpl/LICENSE', spdx: 'MPL-2.0', copyleft: 'weak' },
      ],
    };
    fakeFetch((url) => {
      if (url === LIST) return { status: 200, body: [summary()] };
      if (url === '/api/product/pending-changes') return { status: 200, body: [] };
      if (url === '/api/product/archive-checks') return { status: 200, body: [check] };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderAt(<ManagePendingProducts />);
    const facts = await within(await screen.findByRole('row', { name: /Space Racer/ })).findByText(/^Android · Licences:/);
    expect(facts.textContent).toBe('Android · Licences: GPL-3.0 (copyleft), MPL-2.0 (weak copyleft)Copyleft');
  });

  it("moves focus to the next row's Approve once a product is approved, and to the page's heading when none is left", async () => {
    fakeServer();
    renderAt(
      <main id="main-content">
        <h1>Manage Pending Products</h1>
        <ManagePendingProducts />
      </main>,
    );
    await screen.findByText('Space Racer');
    const firstApprove = within(row('Space Racer')).getByRole('button', { name: 'Approve' });
    firstApprove.focus();
    fireEvent.click(firstApprove);

    await waitFor(() => expect(screen.queryByText('Space Racer')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(row('Puzzle Box')).getByRole('button', { name: 'Approve' })));

    fireEvent.click(within(row('Puzzle Box')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No Pending Product Found')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Manage Pending Products' })));
  });

  it.each([
    ['Reject', 'reject-product'],
    ['Request changes', 'request-changes'],
  ])('%s asks for a reason and a note, PUTs them and reloads the list', async (action, path) => {
    const { calls, listCalls } = fakeServer();
    renderAt(<ManagePendingProducts />);
    await screen.findByText('Puzzle Box');
    fireEvent.click(within(row('Puzzle Box')).getByRole('button', { name: action }));

    const dialog = await screen.findByRole('dialog', { name: `${action}: Puzzle Box` });
    fireEvent.click(within(dialog).getByRole('button', { name: action }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a reason');
    expect(calls.some((call) => call.url.includes(path))).toBe(false);

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Reason' }), { target: { value: 'Duplicate of another listing' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note to the seller/ }), { target: { value: 'Same as Puzzle Box 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: action }));

    await waitFor(() => expect(screen.queryByText('Puzzle Box')).toBeNull());
    const call = calls.find((candidate) => candidate.url === `/api/product/${path}/product_0002`);
    expect(call?.init?.method).toBe('PUT');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ reason: 'Duplicate of another listing', note: 'Same as Puzzle Box 2' });
    expect(listCalls()).toBe(2);
  });

  it('asks before deleting, with the texts of docs/product-spec.md §8, then reloads the list', async () => {
    const { calls, listCalls } = fakeServer([summary()]);
    renderAt(<ManagePendingProducts />);
    await screen.findByText('Space Racer');

    // Cancel deletes nothing.
    fireEvent.click(within(row('Space Racer')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row('Space Racer')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));

    dialog = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(within(dialog).getByText('This game deleted successfully.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/product/delProduct/product_0001')?.init?.method).toBe('DELETE');
    expect(await screen.findByText('No Pending Product Found')).toBeTruthy();
    expect(listCalls()).toBe(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the dialog open with the server's message when deleting fails", async () => {
    fakeFetch((url, init) =>
      init?.method === 'DELETE'
        ? { status: 403, body: { message: 'Only admins can delete products' } }
        : { status: 200, body: [summary()] },
    );
    renderAt(<ManagePendingProducts />);
    await screen.findByText('Space Racer');
    fireEvent.click(within(row('Space Racer')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only admins can delete products');
  });
});
