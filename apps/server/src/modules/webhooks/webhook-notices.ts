import type { Notice } from '../notifications/index.js';
import { type OutgoingMail, renderMail } from '../../platform/mail/index.js';

export const WEBHOOKS_PAGE = '/userPanel/webhooks';

export const endpointDisabledNotice = (url: string): Notice => ({
  kind: 'webhook',
  title: 'A webhook endpoint was turned off',
  body: `Every retry of a delivery to ${url} failed for about three days, so we stopped sending to it. Fix the receiver, then turn it on again and replay what it missed.`,
  link: WEBHOOKS_PAGE,
});

export function endpointDisabledMail(
  seller: { name: string; email: string },
  url: string,
  reason: string,
  publicUrl: string,
): OutgoingMail {
  return renderMail({
    to: seller.email,
    subject: 'Your webhook endpoint was turned off',
    heading: 'Your webhook endpoint was turned off',
    paragraphs: [
      `Hello ${seller.name},`,
      `Every retry of a delivery to ${url} failed, so we stopped sending events to it. Events are not sent to it until you turn it on again; you can replay any delivery from the webhooks page.`,
    ],
    details: [
      ['Endpoint', url],
      ['Last answer', reason],
    ],
    action: { label: 'See your webhooks', url: `${publicUrl}${WEBHOOKS_PAGE}` },
  });
}
