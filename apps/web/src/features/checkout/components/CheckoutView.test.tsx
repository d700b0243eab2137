// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { summary } from '@/testProducts';
import { currentNotice } from '@/components/notice/notices';
import { fakeFetch, renderRoutes, userAlice } from '@/test-utils';
import { CheckoutView } from './CheckoutView';

const line = (n: number, license = 'Single App License') => ({ ...summary(n), selectedLicense: license, isReskin: 'false' });

type Answer = { status: number; body?: unknown };
interface Server {
  confirm?: Answer;
  intent?: Answer;
}

function serve({ confirm = { status: 200, body: { status: 'succeeded', id: 'pi_test_0001' } }, intent }: Server = {}) {
  return fakeFetch((url, init) => {
    if (url === '/api/user/currentUser') return { status: 200, body: userAlice };
    if (url === '/api/payment/config') return { status: 200, body: { provider: 'simulated', publishableKey: null } };
    if (url === '/api/product/product_0001') return { status: 200, body: summary(1, { singleAppLicense: 19.99 }) };
    if (url === '/api/product/product_0002') return { status: 200, body: summary(2, { multiAppLicense: 49 }) };
    if (url === '/api/payment/create-payment-intent' && init?.method === 'POST') {
      return intent ?? { status: 200, body: { clientSecret: 'pi_test_0001_secret_abc', paymentIntentId: 'pi_test_0001', amount: 6899 } };
    }
    if (url === '/api/payment/simulated/confirm') return confirm;
    if (url === '/api/cart/price') {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      return {
        status: 200,
        body: {
          lines: [
            { productId: 'product_0001', licenseType: 'Single App License', listPrice: 19.99, saleDiscount: 0, discount: 4.99, price: 15 },
            { productId: 'product_0002', licenseType: 'Multi App License', listPrice: 49, saleDiscount: 0, discount: 0, price: 49 },
          ],
          subtotal: 68.99,
          discount: 4.99,
          total: 64,
          code: { code, applied: true, message: 'Code applied' },
        },
      };
    }
    if (url === '/api/purchase/purchaseDetail') {
      return {
        status: 201,
        body: {
          message: 'Purchase recorded',
          purchase: {
            _id: 'purchase_0001',
            userId: userAlice._id,
            amountPaid: 68.99,
            transactionId: 'pi_test_0001',
            paymentStatus: 'succeeded',
            createdAt: '2026-11-21T12:00:00.000Z',
            products: [],
          },
        },
      };
    }
    return { status: 404, body: { message: `No fake for ${url}` } };
  });
}

function visitCheckout() {
  return renderRoutes(
    [
      { path: '/checkout', element: <CheckoutView /> },
      { path: '/purchase-successful', element: <h1>Payment Confirmed</h1> },
      { path: '/sign-up', element: <h1>Sign up</h1> },
    ],
    '/checkout',
  );
}

async function fillCard(card: { number: string; expiry: string; cvc: string }) {
  fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: card.number } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: card.expiry } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: card.cvc } });
  fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
}

const goodCard = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const calledPaths = (calls: { url: string }[]) => calls.map((call) => call.url);

describe('CheckoutView', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    localStorage.setItem('cartProduct', JSON.stringify([line(1), line(2, 'Multi App License')]));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('sends a visitor to sign up after 3 s with the notice Please Signup First', async () => {
    sessionStorage.clear();
    fakeFetch(() => ({ status: 401, body: { message: 'Not signed in' } }));
    vi.useFakeTimers();
    const { router } = visitCheckout();
    expect(currentNotice()).toMatchObject({ text: 'Please Signup First', tone: 'info' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(router.state.location.pathname).toBe('/sign-up');
  });

  it('shows the order summary with discount 0 and Secure Payment', async () => {
    serve();
    visitCheckout();
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$68.99');
    expect(screen.getByText('Discount').nextElementSibling?.textContent).toBe('$0.00');
    expect(screen.getByText('Items').nextElementSibling?.textContent).toBe('2');
    expect(screen.getByText(/Secure Payment/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $68.99' })).toBeTruthy();
  });

  it('points at a wrong field before asking the server anything', async () => {
    const calls = serve();
    visitCheckout();
    await fillCard({ ...goodCard, number: '4242 4242 4242 4241' });
    expect(screen.getByText('Your card number is invalid.')).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');

    await fillCard({ ...goodCard, expiry: '01/20' });
    expect(screen.getByText("Your card's expiration date is in the past.")).toBeTruthy();
    expect(calledPaths(calls)).not.toContain('/api/payment/create-payment-intent');
  });

  it('pays: creates the intent from the lines without an amount, confirms the card, records the purchase, clears the cart', async () => {
    const calls = serve();
    const { router } = visitCheckout();
    await fillCard(goodCard);

    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase-successful'));
    const intentCall = calls.find((call) => call.url === '/api/payment/create-payment-intent');
    expect(JSON.parse(String(intentCall?.init?.body))).toEqual({
      products: [
        { productId: 'product_0001', licenseType: 'Single App License', isReskin: 'false' },
        { productId: 'product_0002', licenseType: 'Multi App License', isReskin: 'false' },
      ],
      currency: 'usd',
    });
    const confirmCall = calls.find((call) => call.url === '/api/payment/simulated/confirm');
    expect(JSON.parse(String(confirmCall?.init?.body))).toMatchObject({
      clientSecret: 'pi_test_0001_secret_abc',
      expMonth: 12,
      expYear: 40,
      cvc: '123',
    });
    const recordCall = calls.find((call) => call.url === '/api/purchase/purchaseDetail');
    expect(JSON.parse(String(recordCall?.init?.body))).toEqual({ transactionId: 'pi_test_0001' });
    expect(localStorage.getItem('cartProduct')).toBe('[]');
  });

  it('alerts Payment failed with the provider message when the card is declined, and records nothing', async () => {
    const calls = serve({ confirm: { status: 402, body: { message: 'Your card was declined.' } } });
    const { router } = visitCheckout();
    await fillCard({ ...goodCard, number: '4000 0000 0000 0002' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Payment failed: Your card was declined.');
    // Focus follows the news rather than staying on a Pay button that has become busy.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(router.state.location.pathname).toBe('/checkout');
    expect(calledPaths(calls)).not.toContain('/api/purchase/purchaseDetail');
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')).toHaveLength(2);
  });

  it('alerts Payment failed, please try again when the intent cannot be created', async () => {
    const calls = serve({ intent: { status: 500, body: { message: 'Internal Server Error' } } });
    visitCheckout();
    await fillCard(goodCard);
    expect((await screen.findByRole('alert')).textContent).toBe('Payment failed, please try again.');
    expect(calledPaths(calls)).not.toContain('/api/payment/simulated/confirm');
  });

  it("says the server's reason when it refuses the cart, e.g. a seller buying their own product", async () => {
    const calls = serve({ intent: { status: 400, body: { message: 'You cannot buy your own product.' } } });
    visitCheckout();
    await fillCard(goodCard);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You cannot buy your own product.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(calledPaths(calls)).not.toContain('/api/payment/simulated/confirm');
  });

  it('shows a field error from the server next to its field', async () => {
    serve({ confirm: { status: 400, body: { message: "Your card's security code is invalid.", field: 'cvc' } } });
    visitCheckout();
    await fillCard(goodCard);
    expect(await screen.findByText("Your card's security code is invalid.")).toBeTruthy();
    expect(screen.getByLabelText('CVC').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.input(screen.getByLabelText('CVC'), { target: { value: '321' } });
    await waitFor(() => expect(screen.queryByText("Your card's security code is invalid.")).toBeNull());
    expect(screen.getByLabelText('CVC').getAttribute('aria-invalid')).toBeNull();
  });
  it('pays with the code applied in the cart: the summary and Pay show the discounted total, and the intent carries the code', async () => {
    sessionStorage.setItem('discountCode', 'SPRING25');
    const calls = serve({
      intent: { status: 200, body: { clientSecret: 'pi_test_0001_secret_abc', paymentIntentId: 'pi_test_0001', amount: 6400 } },
    });
    const { router } = visitCheckout();

    expect(await screen.findByRole('button', { name: 'Pay $64.00' })).toBeTruthy();
    expect(screen.getByTestId('cart-discount').textContent).toBe('-$4.99');
    expect(screen.getByText('Code applied')).toBeTruthy();
    await fillCard(goodCard);

    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase-successful'));
    const intentCall = calls.find((call) => call.url === '/api/payment/create-payment-intent');
    expect(JSON.parse(String(intentCall?.init?.body))).toMatchObject({ currency: 'usd', code: 'SPRING25' });
    expect(sessionStorage.getItem('discountCode')).toBeNull();
  });
});
