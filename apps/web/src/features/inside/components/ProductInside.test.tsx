// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { unityReport } from '../fixtures';
import { InsideOverview } from './InsideOverview';
import ProductInside from './ProductInside';

const INSIDE = '/api/product/product_0007/inside';

function renderPage() {
  return renderAt(
    <>
      <InsideOverview productId="product_0007" />
      <ProductInside productId="product_0007" />
    </>,
  );
}

describe('ProductInside', () => {
  afterEach(cleanup);

  it('says Analysing… while the server answers 202, asks again, then shows the report and the overview from one query', async () => {
    let answers = 0;
    const calls = fakeFetch((url) => {
      if (url !== INSIDE) return { status: 404, body: { message: 'Not found' } };
      answers += 1;
      return answers === 1
        ? { status: 202, body: { status: 'analysing', releaseId: 'release_0001', progress: { read: 1_200, total: 49_000 } } }
        : { status: 200, body: unityReport() };
    });
    const { container } = renderPage();

    expect(await screen.findByText(/Analysing…/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Analysing…');
    expect(screen.getByRole('status').textContent).toContain('1,200 of 49,000 entries read');
    expect(screen.getByRole('progressbar', { name: 'Entries of the archive read' }).getAttribute('value')).toBe('1200');
    expect(container.querySelector('.inside-overview')!.textContent).toBe('');

    expect(await screen.findByRole('heading', { name: 'Engine and SDKs' }, { timeout: 4_000 })).toBeTruthy();
    expect(calls.filter((call) => call.url === INSIDE)).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('The analysis is finished.');
    expect(container.querySelector('.inside-overview')!.textContent).toBe(
      'What’s inside: Unity 2022.3.21f1 · C# 92% · 1,284 files · 212.0 MB',
    );

    const engineRow = screen.getByRole('rowheader', { name: 'Unity' }).closest('tr')!;
    expect(engineRow.textContent).toBe('Unity2022.3.21f1ProjectSettings/ProjectVersion.txt');
    const licences = within(screen.getByRole('list', { name: 'Licence files' })).getAllByRole('listitem');
    expect(licences.map((item) => item.textContent)).toEqual([
      'LICENSE: MIT (MIT License, 100% match)',
      'ThirdParty/LICENSE.txt: GPL-3.0 (GNU General Public License v3.0, 97% match)Copyleft',
      'Plugins/MPL/LICENSE: MPL-2.0 (Mozilla Public License 2.0, 100% match)Weak copyleft',
      'Plugins/COPYING: Unrecognised',
    ]);
    const declared = within(screen.getByRole('list', { name: 'Licences the manifests declare' })).getAllByRole('listitem');
    expect(declared.map((item) => item.textContent)).toEqual([
      'package.json declares MIT',
      'ThirdParty/package.json declares Apache-2.0 — but the licence file says GPL-3.0Disagrees',
    ]);
    expect(screen.getByText('Packages/manifest.json', { selector: 'summary code' })).toBeTruthy();
    expect(screen.getByRole('tree', { name: 'Files in the archive' })).toBeTruthy();
    // A visitor is sent no warnings, and sees no warnings section.
    expect(screen.queryByRole('region', { name: /Fix before/ })).toBeNull();
    expect(screen.queryByText(/Only you and the admins/)).toBeNull();
    // Polling stopped with the report.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls.filter((call) => call.url === INSIDE)).toHaveLength(2);
  }, 10_000);

  it('shows the owner each secret with what to do', async () => {
    fakeFetch(() => ({
      status: 200,
      body: unityReport({
        warnings: [{ kind: 'Android keystore', path: 'keystore/release.jks', detail: 'A Java keystore' }],
      }),
    }));
    renderPage();
    const warnings = await screen.findByRole('list', { name: 'Secrets found in the archive' });
    expect(warnings.textContent).toBe(
      'Android keystore in keystore/release.jks: A Java keystore. Remove keystore/release.jks and upload a new version; keep your signing keystore out of the archive.',
    );
  });

  it('gives the reason an archive was refused, and no overview', async () => {
    fakeFetch(() => ({
      status: 200,
      body: {
        status: 'refused',
        releaseId: 'release_0001',
        analyserVersion: 1,
        analysedAt: '2026-11-25T10:00:00.000Z',
        reason: 'The archive holds more than 100,000 entries',
      },
    }));
    const { container } = renderPage();
    expect(await screen.findByText('This archive was not analysed: The archive holds more than 100,000 entries')).toBeTruthy();
    expect(container.querySelector('.inside-overview')!.textContent).toBe('');
  });

  it('tells a buyer only that the archive could not be analysed, never why', async () => {
    fakeFetch(() => ({
      status: 200,
      body: { status: 'refused', releaseId: 'release_0001', analyserVersion: 2, analysedAt: '2026-11-25T10:00:00.000Z', reason: null },
    }));
    const { container } = renderPage();
    expect(await screen.findByText('The archive could not be analysed.')).toBeTruthy();
    expect(container.textContent).not.toMatch(/bomb|not analysed:/i);
  });
});
