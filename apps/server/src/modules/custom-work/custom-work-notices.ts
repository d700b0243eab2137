import { formatUsd } from '@market/contracts';
import { type OutgoingMail, renderMail } from '../../platform/mail/index.js';
import type { Notice } from '../notifications/index.js';
import type { CustomWorkRow } from './custom-work.repository.js';

/** What happened to a custom work order, as the other side hears it (docs/decisions/0013). */
export type CustomWorkNews =
  | 'quoted'
  | 'accepted'
  | 'funded'
  | 'delivered'
  | 'changesRequested'
  | 'milestoneReleased'
  | 'released'
  | 'cancelled'
  | 'disputed'
  | 'resolved'
  | 'releasesSoon'
  | 'releasesTomorrow'
  | 'evidence'
  | 'reviewed';

interface About {
  id: string;
  product: string;
  row: CustomWorkRow;
}

const linkOf = (id: string) => `/custom-work/${id}`;

const releaseDay = (row: CustomWorkRow) =>
  row.auto_release_at
    ? new Date(row.auto_release_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC'
    : '';

function sentences(news: CustomWorkNews, { product, row }: About): { title: string; body: string } {
  const price = formatUsd(Number(row.price_cents));
  switch (news) {
    case 'quoted':
      return {
        title: `A quote for custom work on ${product}`,
        body: `You were quoted ${price}. Read the scope and accept it to pay into escrow.`,
      };
    case 'accepted':
      return {
        title: `Your quote for ${product} was accepted`,
        body: 'The buyer accepted the quote; work starts once the money is in escrow.',
      };
    case 'funded':
      return {
        title: `Custom work on ${product} is paid into escrow`,
        body: 'The money is held until the buyer accepts your delivery. Start the work.',
      };
    case 'delivered':
      return {
        title: `Custom work on ${product} was delivered`,
        body: `Download and check the delivery, then accept it or ask for changes. Without an answer the money goes to the seller on ${releaseDay(row)}.`,
      };
    case 'changesRequested':
      return { title: `Changes asked for on ${product}`, body: 'The buyer asked for changes; deliver again when they are done.' };
    case 'milestoneReleased':
      return {
        title: `A milestone of ${product} was released`,
        body: 'The milestone’s money went to the seller; the next milestone waits for its payment.',
      };
    case 'released':
      return { title: `Custom work on ${product} is complete`, body: 'The money held in escrow went to the seller.' };
    case 'cancelled':
      return { title: `Custom work on ${product} was cancelled`, body: 'Any money held in escrow goes back to the buyer.' };
    case 'disputed':
      return {
        title: `Custom work on ${product} is disputed`,
        body: `The timer is stopped; an admin looks at the order and decides. Reason: ${row.dispute_reason ?? ''}`,
      };
    case 'resolved':
      return {
        title: `The dispute over ${product} was resolved`,
        body: `${formatUsd(Number(row.resolution_seller_cents ?? 0))} went to the seller and ${formatUsd(Number(row.resolution_buyer_cents ?? 0))} back to the buyer.`,
      };
    case 'evidence':
      return {
        title: `New evidence in the dispute over ${product}`,
        body: 'A message was added to the dispute; read it on the order before the admin decides.',
      };
    case 'reviewed':
      return {
        title: `Your custom work on ${product} was reviewed`,
        body: 'The buyer reviewed the work; the review shows on the product’s page.',
      };
    case 'releasesSoon':
    case 'releasesTomorrow':
      return {
        title: `Custom work on ${product} is released ${news === 'releasesTomorrow' ? 'tomorrow' : 'in 3 days'}`,
        body: `Without an answer the money held in escrow goes to the seller on ${releaseDay(row)}. Accept the delivery, ask for changes or open a dispute before then.`,
      };
  }
}

export function customWorkNotice(news: CustomWorkNews, about: About): Notice {
  return { kind: 'custom_work', ...sentences(news, about), link: linkOf(about.id) };
}

export function customWorkMail(to: { name: string; email: string }, news: CustomWorkNews, about: About, publicUrl: string): OutgoingMail {
  const { title, body } = sentences(news, about);
  return renderMail({
    to: to.email,
    subject: title,
    heading: title,
    paragraphs: [`Hello ${to.name},`, body],
    action: { label: 'Open the order', url: `${publicUrl}${linkOf(about.id)}` },
  });
}
