import type { SessionUser } from '@market/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Services } from '../services.js';
import { soldLicenceLines } from '../modules/orders/index.js';

/** [stars, text, the seller's reply or null], one for each of the buyer's oldest purchases. */
const DEMO_REVIEWS: ReadonlyArray<readonly [number, string, string | null]> = [
  [5, 'Clean project and a readable README. My reskin was live on Google Play in two days.', 'Thank you! A level editor is coming next.'],
  [4, 'Solid gameplay code. The ad setup took me an hour longer than the docs said.', null],
  [5, 'Exactly what the video shows, and it builds on the engine version it claims.', null],
  [3, 'Works, but the menus need polish before release. Support answered quickly.', 'Thanks, new menus ship with the next version.'],
  [4, 'Good starting point for a puzzle game; well organised scripts.', null],
];

/** A few verified-buyer reviews, so cards and product pages show stars from the first start. */
export async function seedDemoReviews(services: Services, db: Kysely<Database>, buyer: SessionUser, seller: SessionUser): Promise<void> {
  const bought = await soldLicenceLines(db)
    .innerJoin('products as pr', 'pr.id', 'l.product_id')
    .select('l.product_id')
    .distinct()
    .where('o.buyer_id', '=', buyer._id)
    .where('pr.user_id', '=', seller._id)
    .orderBy('l.product_id')
    .limit(DEMO_REVIEWS.length)
    .execute();
  for (const [index, { product_id: productId }] of bought.entries()) {
    const [rating, text, reply] = DEMO_REVIEWS[index]!;
    const review = await services.reviews.add(buyer, productId, rating, text);
    if (reply) await services.reviews.reply(seller, review._id, reply);
  }
}
