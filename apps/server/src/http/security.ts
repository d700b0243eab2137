import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** The checkout loads Stripe.js, which talks to api.stripe.com and frames its card fields (and 3-D Secure pages). */
  stripeCheckout: boolean;
}

const STRIPE_SCRIPTS = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];

/** Security headers with a strict CSP, and rate limiting for the routes that ask for it. */
export const security = fp<SecurityOptions>(async function security(app: FastifyInstance, { stripeCheckout }) {
  const stripe = (origins: string[]) => (stripeCheckout ? origins : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe(STRIPE_SCRIPTS)],
        // react-bootstrap and the rich-text editor set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...stripe(STRIPE_CONNECT)],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', ...stripe(STRIPE_FRAMES)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
  });
});
