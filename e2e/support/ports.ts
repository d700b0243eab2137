/** Where the journeys' servers listen; E2E_PORT keeps parallel runs apart. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);

/** A second app server that takes payments through Stripe (the 'stripe' project). */
export const STRIPE_APP_PORT = PORT + 10;

/** The local stand-in for Stripe's API that this server and the page's fake Stripe.js talk to. */
export const FAKE_STRIPE_API_URL = `http://127.0.0.1:${PORT + 20}`;

export const FAKE_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_marketplace',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_marketplace',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_marketplace',
};
