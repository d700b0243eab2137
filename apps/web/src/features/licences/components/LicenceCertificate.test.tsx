// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { LicenceCertificate } from './LicenceCertificate';

const CODE = '3f2b6c1e-8a4d-4f0e-9b7a-2c5d1e6f7a8b';
const BACK = { path: '/userPanel/licences', label: 'All licences' };

describe('LicenceCertificate', () => {
  afterEach(cleanup);

  it('says a code nobody shows it is not found, with no Try again that would find nothing', async () => {
    fakeFetch(() => ({ status: 404, body: { message: 'Licence not found' } }));
    renderAt(<LicenceCertificate code={CODE} backTo={BACK} />, `/userPanel/licences/${CODE}`);

    expect(await screen.findByText(/No licence has this purchase code/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: /All licences/ }).getAttribute('href')).toBe('/userPanel/licences');
  });

  it('says a revoked licence no longer certifies anything, with its reason', async () => {
    fakeFetch(() => ({
      status: 200,
      body: {
        purchaseCode: CODE,
        licenseType: 'Multi App License',
        status: 'Revoked',
        revokedReason: 'Chargeback',
        purchaseId: 'purchase_0001',
        purchasedAt: '2026-03-01T12:00:00.000Z',
        buyer: { _id: 'user_alice_01', name: 'Alice' },
        product: { _id: 'product_0001', title: 'Space Runner', slug: 'Space-Runner', thumbnail: '/files/images/a.webp' },
        registeredApps: [],
        upgrade: null,
      },
    }));
    renderAt(<LicenceCertificate code={CODE} backTo={BACK} />, `/userPanel/licences/${CODE}`);

    const certificate = await screen.findByRole('article', { name: 'Licence certificate' });
    expect(certificate.textContent).toContain('This licence has been revoked');
    expect(certificate.textContent).not.toContain('This certifies');
    expect(certificate.textContent).toContain('Revoked: Chargeback');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/licence/${CODE}/certificate.pdf`);
  });
});
