import type { Kysely } from 'kysely';
import type { Services } from '../services.js';
import type { Database } from '../db/schema.js';
import { seedCatalogue } from './catalogue.js';
import { seedDemoCustomWork } from './custom-work.js';
import { seedDemoPurchase } from './purchases.js';
import { seedDemoReviews } from './reviews.js';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

/** The demo accounts `npm start` prints; change or remove them before going live. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { role: 'Admin', email: 'admin@example.com', password: 'admin12345' },
  { role: 'User (seller)', email: 'seller@example.com', password: 'seller12345' },
  { role: 'User (buyer)', email: 'buyer@example.com', password: 'buyer12345' },
];

/** Loads the demo data into an empty database; a database with any user is left alone. */
export async function seedDemoData(services: Services, db: Kysely<Database>, now = new Date()): Promise<boolean> {
  if (await services.auth.hasAnyUser()) return false;
  const [admin, seller, buyer] = DEMO_LOGINS;
  await services.auth.ensureAdmin({ email: admin!.email, password: admin!.password, name: 'Demo Admin' });
  await services.auth.createDemoUser({
    name: 'Pixel Forge Studio',
    email: seller!.email,
    number: '+1 555 0100',
    password: seller!.password,
    confirmPassword: seller!.password,
  });
  await services.auth.createDemoUser({
    name: 'Jamie Buyer',
    email: buyer!.email,
    number: '+1 555 0101',
    password: buyer!.password,
    confirmPassword: buyer!.password,
  });
  const signedIn = async (login: DemoLogin) => {
    const outcome = await services.auth.signIn({ email: login.email, password: login.password });
    if (outcome.kind !== 'session') throw new Error(`The demo account ${login.email} has a second factor: seed a fresh database`);
    return outcome.session.user;
  };
  const actors = { admin: await signedIn(admin!), seller: await signedIn(seller!), buyer: await signedIn(buyer!) };
  await seedCatalogue(services, db, actors, now);
  await seedDemoReviews(services, db, actors.buyer, actors.seller);
  // The notices of the catalogue's moderation and reviews are history: on the page, not on the bell.
  await services.notifications.markRead(actors.seller, { all: true });
  await services.notifications.markRead(actors.buyer, { all: true });
  await seedDemoPurchase(services, db, actors.buyer, actors.seller, now);
  await seedDemoCustomWork(services, db, actors, now);
  // One request waiting for the admin, so the payout screens have something to show.
  await services.withdrawals.request(actors.seller, 'pixel.forge.studio@paypal.example.com', 25);
  return true;
}
