import type { ProductDetail } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buildCatalogueApp, createProduct, titleJson } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';

describe("an admin's preview of a listing under review", () => {
  it('serves the pending product page to admins and its seller only, with its status for the not-public banner', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const otherSeller = await createUser(ctx);
    const pending = await createProduct(ctx, seller, { title: titleJson({ en: 'Preview Quest' }) });
    const page = (user: TestUser | null) => injectAs(ctx, user, { method: 'GET', url: '/api/product/by-slug/Preview-Quest' });

    for (const reader of [null, otherSeller]) expect((await page(reader)).statusCode).toBe(404);
    for (const reader of [admin, seller]) {
      const response = await page(reader);
      expect(response.statusCode).toBe(200);
      const listing = response.json() as ProductDetail;
      expect(listing).toMatchObject({ _id: pending._id, status: 'Pending', singleAppLicense: pending.singleAppLicense });
      expect(listing.screenshots).toHaveLength(1);
    }

    const asked = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/product/request-changes/${pending._id}`,
      payload: { reason: 'Other', note: 'Shorter title' },
    });
    expect(asked.statusCode).toBe(200);
    expect((await page(null)).statusCode).toBe(404);
    expect(((await page(seller)).json() as ProductDetail).status).toBe('ChangesRequested');
  });
});
