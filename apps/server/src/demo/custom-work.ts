import { Readable } from 'node:stream';
import type { SessionUser } from '@market/contracts';
import { makeZip } from '@market/sample-archives';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { UploadPart } from '../modules/products/index.js';
import { DAY_MS } from '../platform/clock.js';
import type { Services } from '../services.js';
import { demoArchiveFiles, type DemoActors } from './catalogue.js';
import { demoProducts, type DemoProduct } from './catalogue-data.js';
import { payAsBuyer } from './purchases.js';

interface Reskinnable {
  id: string;
  reskinCents: number;
  demo: DemoProduct;
}

/**
 * Custom work in escrow (docs/decisions/0013) as a newcomer should find it: one order of the
 * buyer's, delivered and analysed, waiting for the buyer's answer; and an earlier one released, so
 * the seller's statement shows the money it brought. Each goes the whole way a real one does: the
 * reskin chat, the seller's quote, the checkout into escrow, a delivered archive.
 * Without the simulated card (Stripe configured) nothing can be paid, so the order stops accepted.
 */
export async function seedDemoCustomWork(services: Services, db: Kysely<Database>, actors: DemoActors, now: Date): Promise<void> {
  const [waiting, released] = await reskinnableProducts(db, actors.seller);
  if (!waiting) return;
  const canPay = services.payments.config().provider === 'simulated';

  if (released && canPay) {
    const id = await acceptedQuote(services, db, actors, released, now, {
      ask: 'Could the menus and icons match my studio’s colours? The logo is in my store listing.',
      scopeHtml: '<p>Menus, icons and the splash screen in your studio’s colours, with your logo.</p>',
      dueDays: 10,
    });
    await payIntoEscrow(services, actors.buyer, id, now);
    await services.customWork.deliver(
      actors.seller,
      id,
      deliveryParts('Menus, icons and splash in your colours.', reskinned(released.demo, 'studio colours')),
    );
    await services.customWork.acceptDelivery(actors.buyer, id);
    await services.customWork.review(actors.buyer, id, {
      rating: 5,
      text: 'Quick and careful: the menus look like the rest of my studio’s games.',
    });
    // Done and paid: its notices are history, read on the page rather than waiting on the bell.
    await markReadAbout(services, db, actors.buyer, id);
    await markReadAbout(services, db, actors.seller, id);
  }

  const id = await acceptedQuote(services, db, actors, waiting, now, {
    ask: 'I would like a winter version: snowy levels, new characters and my own store page.',
    scopeHtml:
      '<p>Winter art for every level, new characters and a new title screen; then the screenshots and text of your store listing.</p>',
    dueDays: 14,
    milestones: [
      { title: 'New art', amountCents: Math.round(waiting.reskinCents * 0.7) },
      { title: 'Store listing', amountCents: waiting.reskinCents - Math.round(waiting.reskinCents * 0.7) },
    ],
  });
  if (!canPay) return;
  await payIntoEscrow(services, actors.buyer, id, now);
  // The seller read "accepted" and "paid" before starting the work; the delivery is the buyer's news.
  await markReadAbout(services, db, actors.seller, id);
  await services.customWork.deliver(
    actors.seller,
    id,
    deliveryParts('The winter art for every level and the new title screen.', reskinned(waiting.demo, 'winter')),
  );
  await services.customWork.analyseWaiting();
}

/** The seller's approved Unity games that offer a reskin: a real project, so a delivery's analysis names its engine and languages. */
async function reskinnableProducts(db: Kysely<Database>, seller: SessionUser): Promise<Reskinnable[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (join) => join.onRef('t.product_id', '=', 'p.id').on('t.language', '=', 'en'))
    .select(['p.id', 'p.reskin_price_cents', 't.title'])
    .where('p.user_id', '=', seller._id)
    .where('p.status', '=', 'Approved')
    .where('p.reskin_price_cents', 'is not', null)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .execute();
  const byTitle = new Map(demoProducts().map((product) => [product.title.en, product]));
  return rows.flatMap((row) => {
    const demo = byTitle.get(row.title);
    return demo && demo.frameWork === 'Unity' ? [{ id: row.id, reskinCents: Number(row.reskin_price_cents), demo }] : [];
  });
}

/** The buyer asks in the reskin chat, an admin reads it, the seller quotes from the requests and the buyer accepts. */
async function acceptedQuote(
  services: Services,
  db: Kysely<Database>,
  { admin, seller, buyer }: DemoActors,
  product: Reskinnable,
  now: Date,
  quote: { ask: string; scopeHtml: string; dueDays: number; milestones?: Array<{ title: string; amountCents: number }> },
): Promise<string> {
  await services.reskinChat.send(buyer, { fields: { productId: product.id, message: 'Yes' } });
  await services.reskinChat.send(buyer, { fields: { productId: product.id, message: quote.ask } });
  // Read by the admins, so their chat list has no stale unread request.
  await services.reskinChat.markRead(admin, { userId: buyer._id, productId: product.id }, 'User');
  const work = await services.customWork.quote(seller, {
    buyerId: buyer._id,
    productId: product.id,
    scopeHtml: quote.scopeHtml,
    priceCents: product.reskinCents,
    dueAt: new Date(now.getTime() + quote.dueDays * DAY_MS).toISOString(),
    ...(quote.milestones ? { milestones: quote.milestones } : {}),
  });
  await services.customWork.accept(buyer, work._id);
  // Accepting it, the buyer read the quote.
  await markReadAbout(services, db, buyer, work._id);
  return work._id;
}

/** The current milestone paid as the order's checkout pays it. */
const payIntoEscrow = (services: Services, buyer: SessionUser, id: string, now: Date) =>
  payAsBuyer(services, buyer, { customWorkId: id, currency: 'usd' }, now);

/** The product's own archive reskinned: its README rewritten and a theme added, so the delivery's comparison has something to show. */
function reskinned(product: DemoProduct, theme: string): Buffer {
  const title = product.title.en!;
  const files = demoArchiveFiles(product).map((file) =>
    file.name === 'README.md' ? { ...file, content: `# ${title}, ${theme} edition\n\nReskinned to order.\n` } : file,
  );
  return makeZip([
    ...files,
    {
      name: 'Assets/Scripts/Theme.cs',
      content: `using UnityEngine;\n\npublic static class Theme\n{\n    public const string Name = "${theme}";\n}\n`,
    },
  ]);
}

/** The parts of a delivery's multipart body, as the deliver route hands them over. */
async function* deliveryParts(note: string, zip: Buffer): AsyncGenerator<UploadPart> {
  yield { type: 'field', fieldname: 'note', value: note, valueTruncated: false };
  yield { type: 'file', fieldname: 'sourceCode', file: Readable.from([zip]) };
}

/** Marks read the user's notices about one order; read from the table, as the pages sort equal times by a random id. */
async function markReadAbout(services: Services, db: Kysely<Database>, user: SessionUser, id: string): Promise<void> {
  const unread = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', user._id)
    .where('link', '=', `/custom-work/${id}`)
    .where('read_at', 'is', null)
    .execute();
  if (unread.length > 0) await services.notifications.markRead(user, { ids: unread.map((row) => row.id) });
}
