import { formatUsd, REFUND_REQUEST_DAYS } from '@market/contracts';
import { type OutgoingMail, renderMail } from '../../platform/mail/index.js';
import type { Notice } from '../notifications/index.js';

const PURCHASES = '/userPanel/purchases';

interface RefundedLine {
  title: string;
  amountCents: number;
  purchaseCode: string;
  /** A Single → Multi upgrade was refunded: the licence stays, Single again (docs/decisions/0010). */
  upgrade?: boolean;
}

const whatBecameOf = (line: RefundedLine) => (line.upgrade ? 'the licence is a Single App License again' : 'the licence is revoked');

/** What the buyer, the seller and the admins are told as refunds and requests move. */
export const refundNotices = {
  refundedToBuyer: (line: RefundedLine, reason: string): Notice => ({
    kind: 'refund',
    title: `${line.upgrade ? 'The upgrade of ' : ''}${line.title} was refunded`,
    body: `${formatUsd(line.amountCents)} is on its way back to your card, and ${whatBecameOf(line)}. Reason: ${reason}`,
    link: PURCHASES,
  }),
  refundedToSeller: ({ title, amountCents }: RefundedLine, reason: string): Notice => ({
    kind: 'refund',
    title: `A sale of ${title} was refunded`,
    body: `${formatUsd(amountCents)} came off your earnings. Reason: ${reason}`,
    link: '/userPanel/earnings-detail',
  }),
  requested: (title: string, buyerName: string): Notice => ({
    kind: 'refund',
    title: `${buyerName} asks for a refund of ${title}`,
    body: 'Refund it or decline it with a reason.',
    link: '/adminPanel/refund-requests',
  }),
  declined: (title: string, reason: string): Notice => ({
    kind: 'refund',
    title: `Your refund request for ${title} was declined`,
    body: `Reason: ${reason}`,
    link: PURCHASES,
  }),
};

/** The buyer's mail for a refund: what came back, which licence it closed, and why. */
export function refundMail(buyer: { name: string; email: string }, line: RefundedLine, reason: string, publicUrl: string): OutgoingMail {
  return renderMail({
    to: buyer.email,
    subject: `Refund of ${formatUsd(line.amountCents)} for ${line.title}`,
    heading: `${line.title} was refunded`,
    paragraphs: [
      `Hello ${buyer.name},`,
      `We have refunded ${formatUsd(line.amountCents)} to the card you paid with. Banks usually show it within 5 to 10 days.`,
      line.upgrade
        ? 'The upgrade is undone with the refund: the licence is a Single App License again, with the same purchase code. Its registered apps stay; a new one can be registered once it holds none.'
        : 'The licence is revoked with the refund: its source code can no longer be downloaded, and sellers checking its purchase code are told it is no longer valid.',
    ],
    details: [
      ['Product', line.title],
      ['Amount refunded', formatUsd(line.amountCents)],
      ['Purchase code', line.purchaseCode],
      ['Reason', reason],
    ],
    action: { label: 'Go to my purchases', url: `${publicUrl}${PURCHASES}` },
    footnote: 'Amounts in US dollars.',
  });
}

/** The buyer's mail when a refund request is declined. */
export function refundDeclinedMail(buyer: { name: string; email: string }, title: string, reason: string, publicUrl: string): OutgoingMail {
  return renderMail({
    to: buyer.email,
    subject: `Your refund request for ${title}`,
    heading: 'Your refund request was declined',
    paragraphs: [
      `Hello ${buyer.name},`,
      `We looked at your request for a refund of ${title} and declined it. Your licence stays active.`,
      `Reason: ${reason}`,
      `Refunds can be asked for within ${REFUND_REQUEST_DAYS} days of a purchase; if something is still wrong, reply through the contact page.`,
    ],
    action: { label: 'Go to my purchases', url: `${publicUrl}${PURCHASES}` },
  });
}
