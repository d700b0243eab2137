import { HOLD_REASON_LABELS, type HoldReasonCode } from '@market/contracts';
import { type OutgoingMail, renderMail } from '../../platform/mail/index.js';
import type { Notice } from '../notifications/index.js';

const EARNINGS = '/userPanel/earnings-detail';

interface HeldSeller {
  name: string;
  email: string;
}

interface HoldFacts {
  reasonCode: HoldReasonCode;
  needed: string;
  reviewBy: string;
}

/** What the seller is told when a hold is placed or released (docs/decisions/0012 "Holds": mailed to the seller). */
export const holdNotices = {
  placed: ({ reasonCode, needed, reviewBy }: HoldFacts): Notice => ({
    kind: 'payout',
    title: `Your payouts are on hold: ${HOLD_REASON_LABELS[reasonCode]}`,
    body: `${needed} Under review until ${reviewBy}.`,
    link: EARNINGS,
  }),
  released: ({ reasonCode }: Pick<HoldFacts, 'reasonCode'>): Notice => ({
    kind: 'payout',
    title: `The hold on your payouts was released (${HOLD_REASON_LABELS[reasonCode]})`,
    body: 'You can withdraw your available balance again.',
    link: EARNINGS,
  }),
};

export function holdPlacedMail(seller: HeldSeller, hold: HoldFacts, publicUrl: string): OutgoingMail {
  return renderMail({
    to: seller.email,
    subject: `Your payouts are on hold: ${HOLD_REASON_LABELS[hold.reasonCode]}`,
    heading: 'Your payouts are on hold',
    paragraphs: [
      `Hello ${seller.name},`,
      'We have put your payouts on hold while we review your account. Your earnings stay in your balance; withdrawals wait until the hold is released.',
      `What we need from you: ${hold.needed}`,
    ],
    details: [
      ['Reason', HOLD_REASON_LABELS[hold.reasonCode]],
      ['Under review until', hold.reviewBy],
    ],
    action: { label: 'See your earnings', url: `${publicUrl}${EARNINGS}` },
    footnote: 'If something is unclear, reply through the contact page.',
  });
}

export function holdReleasedMail(
  seller: HeldSeller,
  hold: Pick<HoldFacts, 'reasonCode'>,
  note: string | null,
  publicUrl: string,
): OutgoingMail {
  return renderMail({
    to: seller.email,
    subject: 'The hold on your payouts was released',
    heading: 'Your payouts are no longer held',
    paragraphs: [
      `Hello ${seller.name},`,
      `We have released the hold on your payouts (${HOLD_REASON_LABELS[hold.reasonCode]}). You can withdraw your available balance again.`,
      ...(note ? [`Note: ${note}`] : []),
    ],
    action: { label: 'See your earnings', url: `${publicUrl}${EARNINGS}` },
  });
}
