// @vitest-environment happy-dom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProductDetail } from '@market/contracts';
import { detail } from '@/testProducts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { adminBob, fakeFetch, renderAt, userAlice } from '@/test-utils';
import { PurchaseBox } from './PurchaseBox';

/** The box under the app's providers: it asks the session whose product it is. */
const queryClient = new QueryClient();
const inApp = (product: ProductDetail) => (
  <QueryClientProvider client={queryClient}>
    <PurchaseBox product={product} />
  </QueryClientProvider>
);

/** The box as the server draws it, in a document the buyer can press before the app takes it over. */
function drawnByServer() {
  const product = detail(3, { singleAppLicense: 20, multiAppLicense: 50 });
  const container = document.createElement('div');
  container.innerHTML = renderToString(inApp(product));
  document.body.append(container);
  const radio = (name: string) => container.querySelector<HTMLInputElement>(`input[value="${name}"]`)!;
  const total = () => container.querySelector('[data-testid="total-price"]')?.textContent;
  return { product, container, radio, total };
}

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the licence picked before the app takes the page over', () => {
  let root: Root | undefined;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    act(() => root?.unmount());
    document.body.replaceChildren();
  });

  it('stays picked, and the total and the cart line follow it', async () => {
    const { product, container, radio, total } = drawnByServer();
    radio('Multi App License').click();
    expect(total()).toBe('$20.00');

    await act(async () => {
      root = hydrateRoot(container, inApp(product));
    });

    expect(radio('Multi App License').checked).toBe(true);
    expect(total()).toBe('$50.00');
    act(() => container.querySelector<HTMLButtonElement>('button.btn-primary')!.click());
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')).toMatchObject([{ selectedLicense: 'Multi App License' }]);
  });

  it('starts at Single when nothing was picked', async () => {
    const { product, container, total } = drawnByServer();

    await act(async () => {
      root = hydrateRoot(container, inApp(product));
    });

    expect(total()).toBe('$20.00');
    act(() => container.querySelector<HTMLButtonElement>('button.btn-primary')!.click());
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')).toMatchObject([{ selectedLicense: 'Single App License' }]);
  });
});

/** A licence radio's label: its name and its price. */
const labelOf = (name: string) =>
  screen
    .getByRole('radio', { name: new RegExp(name) })
    .closest('div')!
    .querySelector('label')!;

describe('a running sale', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it("shows each licence's sale price against its listed price, and the chosen licence's lowest price of 30 days and the end", () => {
    fakeFetch(() => ({ status: 401, body: { message: 'Not signed in' } }));
    const sale = {
      percent: 25,
      startsAt: '2026-11-20T10:00:00.000Z',
      endsAt: '2026-11-30T18:05:00.000Z',
      singleAppLicense: 30,
      multiAppLicense: 75,
      lowestIn30Days: { singleAppLicense: 36, multiAppLicense: 100 },
    };
    renderAt(<PurchaseBox product={detail(3, { singleAppLicense: 40, multiAppLicense: 100, sale })} />);
    expect(labelOf('Single App License').textContent).toBe('Single App LicenseWas $40.00, $30.00 −25%, 25% off');
    expect(labelOf('Multi App License').textContent).toBe('Multi App LicenseWas $100.00, $75.00 −25%, 25% off');
    expect(screen.getByTestId('total-price').textContent).toBe('$30.00');
    expect(screen.getByText(/Lowest price in the last 30 days/).textContent).toBe('Lowest price in the last 30 days: $36.00');
    expect(screen.getByText(/^Sale ends/).textContent).toBe('Sale ends Nov 30, 2026, 18:05 UTC');

    fireEvent.click(screen.getByRole('radio', { name: /Multi App License/ }));
    expect(screen.getByTestId('total-price').textContent).toBe('$75.00');
    expect(screen.getByText(/Lowest price in the last 30 days/).textContent).toContain('$100.00');
    act(() => screen.getByRole('button', { name: 'Add to cart' }).click());
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')).toMatchObject([{ sale: { multiAppLicense: 75 } }]);
  });

  it('shows one price per licence and no sale facts without a sale', () => {
    fakeFetch(() => ({ status: 401, body: { message: 'Not signed in' } }));
    renderAt(<PurchaseBox product={detail(3, { singleAppLicense: 40 })} />);
    expect(screen.queryByText(/Lowest price/)).toBeNull();
    expect(document.querySelector('s')).toBeNull();
  });
});

describe("the seller's own product", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
  });

  it('offers its seller no Add to cart, saying why, and still offers it to anyone else', async () => {
    const product = detail(3);
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    fakeFetch(() => ({ status: 200, body: userAlice }));
    renderAt(<PurchaseBox product={product} />);
    expect(await screen.findByText('You sell this product, so it cannot be bought from your account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    cleanup();

    sessionStorage.setItem('userData', JSON.stringify(adminBob));
    fakeFetch(() => ({ status: 200, body: adminBob }));
    renderAt(<PurchaseBox product={product} />);
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });
});

describe('the upgrade of a licence held', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
  });

  it("offers a Single App License's holder the upgrade at today's price, and asks nothing for a visitor", async () => {
    const product = detail(3);
    const code = '3f2b6c1e-8a4d-4f0e-9b7a-2c5d1e6f7a8b';
    sessionStorage.setItem('userData', JSON.stringify(adminBob));
    fakeFetch((url) => {
      if (url !== '/api/licence/mine') return { status: 200, body: adminBob };
      return {
        status: 200,
        body: [
          {
            purchaseCode: code,
            licenseType: 'Single App License',
            status: 'Active',
            revokedReason: null,
            purchaseId: 'purchase_0001',
            purchasedAt: '2026-03-01T12:00:00.000Z',
            buyer: { _id: adminBob._id, name: adminBob.name },
            product: { _id: product._id, title: 'Game 3', slug: product.slug, thumbnail: '/files/images/a.webp' },
            registeredApps: [],
            upgrade: { listPrice: 60, price: 45 },
          },
        ],
      };
    });
    renderAt(<PurchaseBox product={product} />);

    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Multi App License for $45.00 instead of $60.00' });
    expect(upgrade.getAttribute('href')).toBe(`/checkout/upgrade/${code}`);
    expect(screen.getByText(/You hold a Single App License of this product/)).toBeTruthy();
    cleanup();

    sessionStorage.clear();
    const calls = fakeFetch(() => ({ status: 401, body: { message: 'Not signed in' } }));
    renderAt(<PurchaseBox product={product} />);
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Upgrade to Multi/ })).toBeNull();
    expect(calls.map((call) => call.url)).not.toContain('/api/licence/mine');
  });
});
