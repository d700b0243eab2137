import { formatUsd } from '@market/contracts';
import { type OutgoingMail, renderMail } from '../../platform/mail/index.js';
import type { Notice } from '../notifications/index.js';

const EARNINGS = '/userPanel/earnings-detail';
const ADMIN = '/adminPanel';

/** What a dispute is about, as its notices and mails show it. */
export interface DisputeSummary {
  /** The disputed lines' products, by title. */
  titles: string;
  /** What was disputed of the whole order, or of one seller's lines. */
  amountCents: number;
  reason: string;
  orderId: string;
}

export type DisputeOutcome = 'opened' | 'won' | 'lost';

/** A chargeback's state in a sentence, as a seller reads it. */
function sellerSentence(outcome: DisputeOutcome, amountCents: number): string {
  const amount = formatUsd(amountCents);
  if (outcome === 'opened') return `The cardholder's bank disputes the payment: ${amount} is held off your earnings until the bank rules.`;
  if (outcome === 'won') return `The bank ruled for us: ${amount} is back in your earnings and the licence stays.`;
  return `The bank ruled for the cardholder: ${amount} went back to them, came off your earnings, and the licence is revoked.`;
}

const headingOf = (outcome: DisputeOutcome, titles: string) =>
  outcome === 'opened' ? `A payment for ${titles} is disputed` : `The dispute over ${titles} was ${outcome}`;

/** Notices of a dispute for a seller (their own lines) and for the admins (the whole dispute). */
export const disputeNotices = {
  toSeller: (outcome: DisputeOutcome, dispute: DisputeSummary): Notice => ({
    kind: 'dispute',
    title: headingOf(outcome, dispute.titles),
    body: `${sellerSentence(outcome, dispute.amountCents)} Reason given: ${dispute.reason}.`,
    link: EARNINGS,
  }),
  toAdmin: (outcome: DisputeOutcome, dispute: DisputeSummary): Notice => ({
    kind: 'dispute',
    title: headingOf(outcome, dispute.titles),
    body:
      outcome === 'opened'
        ? `${formatUsd(dispute.amountCents)} of order ${dispute.orderId} is disputed (${dispute.reason}); answer it in the Stripe dashboard.`
        : `${formatUsd(dispute.amountCents)} of order ${dispute.orderId}: the dispute was ${outcome}.`,
    link: ADMIN,
  }),
};

/** The mail of a dispute's opening or closing, for a seller or an admin. */
export function disputeMail(
  to: { name: string; email: string },
  outcome: DisputeOutcome,
  dispute: DisputeSummary,
  audience: 'seller' | 'admin',
  publicUrl: string,
): OutgoingMail {
  return renderMail({
    to: to.email,
    subject: headingOf(outcome, dispute.titles),
    heading: headingOf(outcome, dispute.titles),
    paragraphs: [
      `Hello ${to.name},`,
      audience === 'seller'
        ? sellerSentence(outcome, dispute.amountCents)
        : outcome === 'opened'
          ? 'A cardholder disputed a payment. Answer it with evidence in the Stripe dashboard before its deadline.'
          : `The dispute was ${outcome}.`,
    ],
    details: [
      ['Products', dispute.titles],
      ['Amount', formatUsd(dispute.amountCents)],
      ['Outcome', outcome === 'opened' ? 'Open: the bank has not ruled yet' : outcome === 'won' ? 'Won' : 'Lost'],
      ['Reason given', dispute.reason],
      ['Order', dispute.orderId],
    ],
    action:
      audience === 'seller'
        ? { label: 'See my earnings', url: `${publicUrl}${EARNINGS}` }
        : { label: 'Open the admin panel', url: `${publicUrl}${ADMIN}` },
    footnote: 'Amounts in US dollars.',
  });
}
