// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FRAMEWORKS, productFormSchema, type ProductDetail } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { WithPlainEditors } from '@/components/rich-text/testing';
import { FakeXhr } from '@/lib/fakeXhr';
import { EditProductButton } from './EditProductDialog';

const product: ProductDetail = {
  _id: 'product_0001',
  slug: 'Space-Racer',
  type: 'Games',
  category: 'Android',
  subCategory: 'Racing',
  title: { en: 'Space Racer', fr: 'Coureur Spatial' },
  thumbnail: '/files/images/thumb.webp',
  singleAppLicense: 49.99,
  multiAppLicense: 99,
  reskinPrice: null,
  livePreview: 'https://example.com/play',
  authorName: 'Pixel Forge',
  status: 'Approved',
  downloads: 3,
  rating: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  frameWork: 'Godot',
  description: { en: '<p>Fast.</p>', fr: '<p>Vite.</p>' },
  keywords: { en: ['racing', 'space'], fr: ['course'] },
  features: '<p>Leaderboards</p>',
  featureImg: '/files/images/feature.webp',
  screenshots: [],
  youtubeLink: null,
  googlePlayLink: null,
  appStoreLink: null,
  developmentHours: 120,
  reskinFeatures: null,
  userId: { _id: 'user_alice_01', name: 'Alice Wonderland' },
  updatedAt: '2026-01-02T03:04:05.000Z',
  latestRelease: { version: '1.0.0', publishedAt: '2026-01-02T03:04:05.000Z' },
};

describe('Edit Product dialog', () => {
  beforeEach(() => FakeXhr.install());
  afterEach(cleanup);

  it('loads the product, offers the long framework list and PUTs the changes with files optional', async () => {
    const calls = fakeFetch((url) =>
      url === '/api/product/product_0001' ? { status: 200, body: product } : { status: 404, body: { message: 'no' } },
    );
    renderAt(
      <WithPlainEditors>
        <EditProductButton productId="product_0001" />
      </WithPlainEditors>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const title = (await within(dialog).findByRole('textbox', { name: 'Title (English)' })) as HTMLInputElement;
    expect(title.value).toBe('Space Racer');
    expect(calls[0]?.url).toBe('/api/product/product_0001');
    expect((within(dialog).getByRole('checkbox', { name: 'French' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: 'Keywords (English)' }) as HTMLInputElement).value).toBe('racing, space');
    const framework = within(dialog).getByRole('combobox', { name: 'Framework' }) as HTMLSelectElement;
    expect(framework.value).toBe('Godot');
    expect(
      within(framework)
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent),
    ).toEqual([...FRAMEWORKS]);
    // A new archive is a new version; an edit cannot swap the bytes buyers were sold.
    expect(within(dialog).queryByLabelText(/^Product File/)).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /^Version/ })).toBeNull();
    expect(within(dialog).getByText(/a new archive is published as a new version/)).toBeTruthy();

    fireEvent.change(title, { target: { value: 'Space Racer 2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Keywords (English)' }), { target: { value: 'racing,  sequel ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    const xhr = await waitFor(() => FakeXhr.last());
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/product/editProduct/product_0001');
    const body = xhr.body as FormData;
    expect(JSON.parse(String(body.get('title')))).toEqual({ en: 'Space Racer 2', fr: 'Coureur Spatial' });
    expect(JSON.parse(String(body.get('keywords')))).toEqual({ en: ['racing', 'sequel'], fr: ['course'] });
    expect(body.get('frameWork')).toBe('Godot');
    expect(body.get('thumbnail')).toBeNull();
    expect(body.get('sourceCode')).toBeNull();

    act(() => xhr.respond(200, product));
    expect(await screen.findByRole('dialog', { name: 'Product uploaded successfully!' })).toBeTruthy();
  });

  it("refuses a malformed link with the contract's message under the field and sends nothing", async () => {
    fakeFetch((url) => (url === '/api/product/product_0001' ? { status: 200, body: product } : { status: 404, body: { message: 'no' } }));
    renderAt(
      <WithPlainEditors>
        <EditProductButton productId="product_0001" />
      </WithPlainEditors>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const livePreview = (await within(dialog).findByRole('textbox', { name: 'Live Preview' })) as HTMLInputElement;
    fireEvent.change(livePreview, { target: { value: 'not a url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    const expected = productFormSchema.shape.livePreview.safeParse('not a url').error?.issues[0]?.message;
    await waitFor(() => expect(livePreview.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (livePreview.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(expected);
    await waitFor(() => expect(document.activeElement).toBe(livePreview));
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
