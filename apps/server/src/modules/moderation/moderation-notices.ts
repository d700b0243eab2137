import { productPagePath, titleToSlug, type ModerationAction, type ModerationReason } from '@market/contracts';
import { type OutgoingMail, renderMail } from '../../platform/mail/index.js';
import type { Notice } from '../notifications/index.js';

export const MANAGE_PRODUCTS_PATH = '/userPanel/user-uploaded-products';

export interface Decision {
  action: ModerationAction;
  reason: ModerationReason | null;
  note: string;
}

/** "Reason: … Note: …", as the notice's body and the mail's details say it. */
const why = ({ reason, note }: Decision) => [reason ? `Reason: ${reason}.` : '', note ? `Note: ${note}` : ''].filter(Boolean).join(' ');

/** What the seller is told of each decision, and what to do next. */
function wordsOf(title: string, decision: Decision): { title: string; next: string; link: string } {
  switch (decision.action) {
    case 'Approved':
      return { title: `${title} was approved`, next: 'It is in the store now.', link: productPagePath(titleToSlug(title)) };
    case 'Rejected':
      return {
        title: `${title} was rejected`,
        next: 'It is not in the store. Edit it from Manage Products to send it for review again.',
        link: MANAGE_PRODUCTS_PATH,
      };
    case 'ChangesRequested':
      return {
        title: `Changes requested on ${title}`,
        next: 'It is not in the store until then. Edit it from Manage Products and it goes back for review.',
        link: MANAGE_PRODUCTS_PATH,
      };
    case 'ChangeApproved':
      return {
        title: `Your changes to ${title} were approved`,
        next: 'The store shows them now.',
        link: productPagePath(titleToSlug(title)),
      };
    case 'ChangeRejected':
      return {
        title: `Your changes to ${title} were not approved`,
        next: 'The listing stays as it was. Edit it again from Manage Products to send new changes.',
        link: MANAGE_PRODUCTS_PATH,
      };
  }
}

/** The seller's notice of a decision on their product or their change to it. */
export function moderationNotice(title: string, decision: Decision): Notice {
  const words = wordsOf(title, decision);
  return { kind: 'moderation', title: words.title, body: [why(decision), words.next].filter(Boolean).join(' '), link: words.link };
}

/** The seller's mail of a decision that asks something of them (a rejection or a change request). */
export function moderationMail(
  seller: { email: string; name: string },
  title: string,
  decision: Decision,
  publicUrl: string,
): OutgoingMail {
  const words = wordsOf(title, decision);
  return renderMail({
    to: seller.email,
    subject: words.title,
    heading: words.title,
    paragraphs: [`Hello ${seller.name},`, words.next],
    details: [
      ...(decision.reason ? [['Reason', decision.reason] as const] : []),
      ...(decision.note ? [['Note', decision.note] as const] : []),
    ],
    action: { label: 'Go to Manage Products', url: `${publicUrl}${MANAGE_PRODUCTS_PATH}` },
    footnote: 'You get this mail because you sell this product on Source Code Marketplace.',
  });
}

/** Approvals are good news the bell carries; the decisions that ask the seller to act come by mail too. */
export const mailsTheSeller = (action: ModerationAction) => action !== 'Approved' && action !== 'ChangeApproved';
