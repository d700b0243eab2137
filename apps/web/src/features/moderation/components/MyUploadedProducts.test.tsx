// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { MyUploadedProducts } from './MyUploadedProducts';
import { detail, summary } from './fixtures';

const row = (title: string) => within(screen.getByRole('row', { name: new RegExp(title) }));

describe('MyUploadedProducts', () => {
  afterEach(cleanup);

  it("lists the user's own products with their status, a read-only view and edit", async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/product/uploaded-products?mine=true') {
        return {
          status: 200,
          body: [
            summary(),
            summary({ _id: 'product_0002', title: { en: 'Puzzle Box' }, status: 'Approved' }),
            summary({ _id: 'product_0003', title: { en: 'Old Game' }, status: 'Rejected' }),
          ],
        };
      }
      if (url === '/api/product/product_0001')
        return { status: 200, body: detail({ sourceCodeUrl: '/api/product/product_0001/source-code' }) };
      return { status: 404, body: { message: 'no' } };
    });
    renderAt(<MyUploadedProducts />);
    await screen.findByText('Space Racer');
    expect(row('Space Racer').getByText('Pending')).toBeTruthy();
    expect(row('Puzzle Box').getByText('Approved')).toBeTruthy();
    expect(row('Old Game').getByText('Rejected')).toBeTruthy();
    expect(row('Space Racer').getByRole('button', { name: 'Edit product' })).toBeTruthy();
    expect(row('Space Racer').getByRole('button', { name: 'New version' }).getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(row('Space Racer').getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product Details' });
    expect(await within(dialog).findByText('Pixel Forge')).toBeTruthy();
    expect(within(dialog).getByText('racing, space')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download source code' }).getAttribute('href')).toBe(
      '/api/product/product_0001/source-code',
    );
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/product/product_0001');
  });

  it('shows the reason and note of a change request, and that an edit waits for review', async () => {
    const decidedAt = '2026-03-02T10:00:00.000Z';
    fakeFetch(() => ({
      status: 200,
      body: [
        summary({
          status: 'ChangesRequested',
          moderation: {
            lastDecision: { action: 'ChangesRequested', reason: 'Incomplete or broken source', note: 'Add the level files.', decidedAt },
            pendingChangeAt: null,
          },
        }),
        summary({
          _id: 'product_0002',
          title: { en: 'Puzzle Box' },
          status: 'Approved',
          moderation: { lastDecision: null, pendingChangeAt: decidedAt },
        }),
      ],
    }));
    renderAt(<MyUploadedProducts />);
    await screen.findByText('Space Racer');
    expect(row('Space Racer').getByText('Changes requested', { selector: '.badge' })).toBeTruthy();
    expect(row('Space Racer').getByText('Incomplete or broken source')).toBeTruthy();
    expect(row('Space Racer').getByText('Add the level files.')).toBeTruthy();
    expect(row('Puzzle Box').getByText('Your changes are waiting for review.')).toBeTruthy();
  });

  it('shows Analysing… for an archive still being checked and each secret found with what to do', async () => {
    fakeFetch((url) => {
      if (url === '/api/product/archive-checks') {
        return {
          status: 200,
          body: [
            { productId: 'product_0001', releaseId: 'release_0001', version: '1.0.0', status: 'analysing', reason: null, warnings: [] },
            {
              productId: 'product_0002',
              releaseId: 'release_0002',
              version: '1.1.0',
              status: 'ready',
              reason: null,
              warnings: [{ kind: 'Environment file', path: '.env', detail: 'Holds 3 values' }],
            },
          ],
        };
      }
      return { status: 200, body: [summary(), summary({ _id: 'product_0002', title: { en: 'Puzzle Box' }, status: 'Approved' })] };
    });
    renderAt(<MyUploadedProducts />);
    await screen.findByText('Space Racer');
    expect(await row('Space Racer').findByText('Archive of version 1.0.0: Analysing…')).toBeTruthy();
    // The secrets fold under their count, so the row stays short until the seller opens them.
    const count = row('Puzzle Box').getByText('Archive of version 1.1.0: 1 secret to remove');
    expect(count.closest('details')!.open).toBe(false);
    fireEvent.click(count);
    expect(count.closest('details')!.open).toBe(true);
    expect(row('Puzzle Box').getByRole('list', { name: 'Archive of version 1.1.0: secrets found' }).textContent).toBe(
      'Environment file in .env: Holds 3 values. Remove .env (ship an example file without values instead), change the secrets it held and upload a new version.',
    );
  });

  it('says so when the user has uploaded nothing yet', async () => {
    fakeFetch(() => ({ status: 200, body: [] }));
    renderAt(<MyUploadedProducts />);
    expect((await screen.findByText(/You have not uploaded any product yet/)).textContent).toContain('Upload a product');
    expect(screen.getByRole('link', { name: 'Upload a product' }).getAttribute('href')).toBe('/userPanel/user-upload-product');
  });
});
