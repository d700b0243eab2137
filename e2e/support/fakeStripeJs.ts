import type { Page } from '@playwright/test';

/**
 * Stripe.js cannot load here (no internet), so the page gets this stand-in at Stripe's script
 * address: the parts Elements uses (elements, create, mount, on/off, getElement) with plain
 * labelled inputs instead of Stripe's iframes, and confirmCardPayment, which posts the card to
 * api.stripe.com as Stripe.js does (routed to the local fake Stripe API below).
 */
const FAKE_STRIPE_JS = `(() => {
  const LABELS = { cardNumber: 'Card number', cardExpiry: 'Expiry (MM/YY)', cardCvc: 'CVC' };
  function Stripe(publishableKey) {
    const mounted = {};
    function create(type) {
      const handlers = {};
      const emit = (event, payload) => (handlers[event] || []).forEach((handler) => handler(payload));
      let input = null;
      const element = {
        mount(target) {
          const node = typeof target === 'string' ? document.querySelector(target) : target;
          input = document.createElement('input');
          input.setAttribute('aria-label', LABELS[type] || type);
          input.className = 'fake-stripe-input';
          input.style.cssText = 'border:0;width:100%;outline:none;background:transparent';
          input.addEventListener('input', () => emit('change', { elementType: type, empty: !input.value, complete: Boolean(input.value) }));
          node.appendChild(input);
          setTimeout(() => emit('ready', element));
        },
        on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
        off(event, handler) { handlers[event] = (handlers[event] || []).filter((known) => known !== handler); return element; },
        update() {},
        focus() { if (input) input.focus(); },
        blur() { if (input) input.blur(); },
        clear() { if (input) input.value = ''; },
        unmount() { if (input) input.remove(); },
        destroy() { if (input) input.remove(); delete mounted[type]; },
        get value() { return input ? input.value : ''; },
      };
      mounted[type] = element;
      return element;
    }
    const elements = {
      create,
      getElement(type) { return mounted[typeof type === 'string' ? type : type.__elementType] || null; },
      update() {},
    };
    return {
      elements: () => elements,
      createToken: async () => ({ error: { message: 'Not supported by the fake' } }),
      createPaymentMethod: async () => ({ error: { message: 'Not supported by the fake' } }),
      async confirmCardPayment(clientSecret, data) {
        const card = data.payment_method.card;
        if (card !== mounted.cardNumber) return { error: { type: 'validation_error', message: 'The card element is not mounted.' } };
        const [month, year] = mounted.cardExpiry.value.split('/').map((part) => part.trim());
        const form = new URLSearchParams({
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': card.value,
          'payment_method_data[card][exp_month]': month || '',
          'payment_method_data[card][exp_year]': year || '',
          'payment_method_data[card][cvc]': mounted.cardCvc.value,
        });
        const id = clientSecret.split('_secret_')[0];
        const response = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
          method: 'POST',
          headers: { Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
        });
        const body = await response.json();
        return response.ok ? { paymentIntent: body } : { error: body.error };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** Answers Stripe.js with the stand-in and Stripe's API with the local fake at `fakeApiUrl`. */
export async function routeStripe(page: Page, fakeApiUrl: string) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_STRIPE_JS }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') {
      await route.fulfill({
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'authorization, content-type',
        },
      });
      return;
    }
    const target = new URL(request.url());
    const response = await route.fetch({ url: `${fakeApiUrl}${target.pathname}${target.search}` });
    await route.fulfill({ response });
  });
}
