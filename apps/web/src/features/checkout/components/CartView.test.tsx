// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { summary } from '@/testProducts';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { currentNotice } from '@/components/notice/notices';
import { fakeFetch, renderRoutes, userAlice } from '@/test-utils';
import { CartView } from './CartView';

const line = (n: number, overrides: Record<string, unknown> = {}) => ({
  ...summary(n),
  selectedLicense: 'Single App License',
  isReskin: 'false',
  ...overrides,
});

function storeCart(lines: unknown[]) {
  localStorage.setItem('cartProduct', JSON.stringify(lines));
}

function visitCart() {
  return renderRoutes(
    [
      {
        path: '/cart-products',
        element: (
          <>
            <NoticeRegion />
            <h1>Cart</h1>
            <CartView />
          </>
        ),
      },
      { path: '/checkout', element: <h1>Checkout</h1> },
      { path: '/sign-up', element: <h1>Sign up</h1> },
    ],
    '/cart-products',
  );
}

/** The server's view of products: by id, or 404 for the ones in `gone`. */
function productsOnServer(products: ReturnType<typeof summary>[]) {
  return fakeFetch((url) => {
    const product = products.find((candidate) => url === `/api/product/${candidate._id}`);
    if (product) return { status: 200, body: product };
    if (url === '/api/user/currentUser') return { status: 200, body: userAlice };
    return { status: 404, body: { message: 'Product not found' } };
  });
}

const removeOf = (title: string) =>
  within(screen.getByRole('heading', { name: title }).closest('li') as HTMLElement).getByRole('button', { name: 'Remove' });

const checkoutButton = () => screen.getByRole('button', { name: 'Proceed to checkout' }) as HTMLButtonElement;

describe('CartView', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says the cart is empty', () => {
    productsOnServer([]);
    visitCart();
    expect(screen.getByText('No Products In Cart')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeTruthy();
  });

  it('totals the chosen licences at today’s prices, shows the reskin price without adding it, and follows licence changes', async () => {
    storeCart([line(1, { singleAppLicense: 5 }), line(2, { selectedLicense: 'Multi App License' })]);
    // The seller has changed the first price since it was added: the server's price counts.
    productsOnServer([summary(1, { singleAppLicense: 19.99, reskinPrice: 150 }), summary(2, { multiAppLicense: 49 })]);
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    visitCart();

    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$68.99'));
    // Its own items, not those of each line's licence terms.
    const lines = Array.from(screen.getByRole('list', { name: 'Products in your cart' }).children) as HTMLElement[];
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('$19.99')).toBeTruthy();
    expect(within(lines[0]!).getByText(/Reskin price: \$150\.00/)).toBeTruthy();
    expect(checkoutButton().disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('License for Game Number 1'), { target: { value: 'Multi App License' } });
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$98.00'));
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')[0].selectedLicense).toBe('Multi App License');

    fireEvent.click(checkoutButton());
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
  });

  it('flags lines whose product is gone or no longer approved and blocks checkout until they are removed', async () => {
    storeCart([line(1), line(2), line(3)]);
    productsOnServer([summary(1), summary(2, { status: 'Pending' })]);
    visitCart();

    await waitFor(() => expect(screen.getAllByText('This product is no longer available. Remove it to check out.')).toHaveLength(2));
    expect(checkoutButton().disabled).toBe(true);

    for (const title of ['Game Number 2', 'Game Number 3']) {
      const item = screen.getByRole('heading', { name: title }).closest('li')!;
      fireEvent.click(within(item as HTMLElement).getByRole('button', { name: 'Remove' }));
    }
    await waitFor(() => expect(checkoutButton().disabled).toBe(false));
    expect(screen.getByTestId('cart-total').textContent).toBe('$19.50');
  });

  it("moves focus to the next line's Remove when a line leaves, and to the heading when the cart empties", async () => {
    storeCart([line(1), line(2)]);
    productsOnServer([summary(1), summary(2)]);
    visitCart();

    fireEvent.click(removeOf('Game Number 1'));
    await waitFor(() => expect(document.activeElement).toBe(removeOf('Game Number 2')));
    fireEvent.click(removeOf('Game Number 2'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Cart' })));
  });

  it('tells a visitor to sign up first and takes them to the sign-up page after 3 s', async () => {
    storeCart([line(1)]);
    productsOnServer([summary(1)]);
    const { router } = visitCart();
    await waitFor(() => expect(checkoutButton().disabled).toBe(false));

    vi.useFakeTimers();
    fireEvent.click(checkoutButton());
    expect(currentNotice()).toMatchObject({ text: 'Please Signup First', tone: 'info', durationMs: 3000 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(router.state.location.pathname).toBe('/cart-products');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(router.state.location.pathname).toBe('/sign-up');
  });

  it('follows changes made in another tab', async () => {
    storeCart([line(1), line(2)]);
    productsOnServer([summary(1), summary(2)]);
    visitCart();
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$39.00'));

    act(() => {
      localStorage.setItem('cartProduct', JSON.stringify([line(2)]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'cartProduct' }));
    });
    expect(screen.getByRole('list', { name: 'Products in your cart' }).children).toHaveLength(1);
    expect(screen.getByTestId('cart-total').textContent).toBe('$19.50');
  });
  it('applies a discount code: the server prices it, the lines show what it took off, the total follows, and Remove takes it off', async () => {
    storeCart([line(1, { singleAppLicense: 40 }), line(2, { singleAppLicense: 30 })]);
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    const products = [summary(1, { singleAppLicense: 40 }), summary(2, { singleAppLicense: 30 })];
    const calls = fakeFetch((url, init) => {
      const product = products.find((candidate) => url === `/api/product/${candidate._id}`);
      if (product) return { status: 200, body: product };
      if (url === '/api/user/currentUser') return { status: 200, body: userAlice };
      if (url === '/api/cart/price') {
        const { code } = JSON.parse(String(init?.body)) as { code: string };
        const applied = code.toUpperCase() === 'SPRING25';
        return {
          status: 200,
          body: {
            lines: [
              {
                productId: 'product_0001',
                licenseType: 'Single App License',
                listPrice: 40,
                saleDiscount: 0,
                discount: applied ? 10 : 0,
                price: applied ? 30 : 40,
              },
              { productId: 'product_0002', licenseType: 'Single App License', listPrice: 30, saleDiscount: 0, discount: 0, price: 30 },
            ],
            subtotal: 70,
            discount: applied ? 10 : 0,
            total: applied ? 60 : 70,
            code: { code, applied, message: applied ? 'Code applied' : 'This code has expired' },
          },
        };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    visitCart();
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$70.00'));

    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: ' spring25 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$60.00'));
    expect(screen.getByTestId('cart-discount').textContent).toBe('-$10.00');
    expect(screen.getByText('Code applied')).toBeTruthy();
    const first = screen.getByRole('heading', { name: 'Game Number 1' }).closest('li') as HTMLElement;
    expect(within(first).getByText('−$10.00 with spring25')).toBeTruthy();
    expect(within(first).getByText('$40.00').closest('s')).toBeTruthy();
    const asked = calls.find((call) => call.url === '/api/cart/price');
    expect(JSON.parse(String(asked?.init?.body))).toEqual({
      products: [
        { productId: 'product_0001', licenseType: 'Single App License', isReskin: 'false' },
        { productId: 'product_0002', licenseType: 'Single App License', isReskin: 'false' },
      ],
      code: 'spring25',
    });
    expect(sessionStorage.getItem('discountCode')).toBe('spring25');

    fireEvent.click(screen.getByRole('button', { name: 'Remove the code spring25' }));
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$70.00'));
    expect(screen.getByTestId('cart-discount').textContent).toBe('$0.00');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Discount code')));

    // A code that does not apply says why and takes nothing off.
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'OLDCODE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code has expired')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$70.00');
  });

  it('asks for a code before applying, and a visitor to log in to use one', async () => {
    storeCart([line(1)]);
    productsOnServer([summary(1)]);
    visitCart();
    expect(await screen.findByText(/Have a discount code\?/)).toBeTruthy();
    expect(screen.queryByLabelText('Discount code')).toBeNull();
    cleanup();

    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    visitCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Enter a code').getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Discount code').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'ONE TWO' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Only one code can be used per order').getAttribute('role')).toBe('alert');
    expect(sessionStorage.getItem('discountCode')).toBeNull();
  });
});

describe('CartView with a bundle', () => {
  const bundleLine = {
    _id: 'bundle_00001',
    name: 'Starter pack',
    selectedLicense: 'Single App License',
    singleAppLicense: 39.99,
    multiAppLicense: 98,
    listed: { singleAppLicense: 54.99, multiAppLicense: 109.98 },
    products: [1, 2, 3].map((n) => ({
      _id: summary(n)._id,
      title: `Game Number ${n}`,
      slug: summary(n).slug,
      thumbnail: summary(n).thumbnail,
    })),
  };
  const onServer = (bundle: Record<string, unknown> | null, products: ReturnType<typeof summary>[] = []) =>
    fakeFetch((url) => {
      if (url === '/api/bundle/bundle_00001') {
        return bundle
          ? { status: 200, body: { ...bundleLine, ...bundle } }
          : { status: 404, body: { message: 'This bundle is not for sale now' } };
      }
      const product = products.find((candidate) => url === `/api/product/${candidate._id}`);
      if (product) return { status: 200, body: product };
      return { status: 404, body: { message: 'Not found' } };
    });
  const forSale = {
    seller: { _id: 'seller_0001', name: 'Pixel Forge' },
    forSale: true,
    whyNotForSale: null,
    products: bundleLine.products.map((product) => ({
      ...product,
      category: 'Android',
      singleAppLicense: 10,
      multiAppLicense: 20,
      onStore: true,
    })),
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
  };

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(cleanup);

  it('shows the bundle beside the products at its price, says codes do not reach it, and follows its licence', async () => {
    storeCart([line(4)]);
    localStorage.setItem('cartBundles', JSON.stringify([bundleLine]));
    onServer(forSale, [summary(4)]);
    visitCart();

    const item = (await screen.findByRole('heading', { name: 'Bundle: Starter pack' })).closest('li') as HTMLElement;
    expect(within(item).getByText('Bundle of 3: Game Number 1, Game Number 2, Game Number 3')).toBeTruthy();
    expect(within(item).getByText('Discount codes and sales do not apply to bundles.')).toBeTruthy();
    expect(within(item).getByText('You save $15.00')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$59.49'));
    expect(checkoutButton().disabled).toBe(false);

    fireEvent.change(within(item).getByLabelText('License for the bundle Starter pack'), { target: { value: 'Multi App License' } });
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$117.50'));
    fireEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$19.50'));
    expect(localStorage.getItem('cartBundles')).toBe('[]');
  });

  it('blocks the checkout while a bundle is no longer for sale', async () => {
    localStorage.setItem('cartBundles', JSON.stringify([bundleLine]));
    onServer(null);
    visitCart();

    expect(await screen.findByText('This bundle is no longer for sale. Remove it to check out.')).toBeTruthy();
    expect(checkoutButton().disabled).toBe(true);
  });
});
