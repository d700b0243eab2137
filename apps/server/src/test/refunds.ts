import { unitOfWork } from '../db/index.js';
import { RefundsService, type RefundsServiceDependencies } from '../modules/refunds/index.js';
import type { TestContext } from './helper.js';

/**
 * The app's refunds wired to a provider the test controls (one that dies, stalls or answers late),
 * everything else the app's own: a second attempt at the same refund, as another instance makes it.
 */
export function refundsWithProvider(ctx: TestContext, payments: RefundsServiceDependencies['payments']): RefundsService {
  return new RefundsService({
    db: ctx.db,
    inTransaction: unitOfWork(ctx.db, { error: () => {} }),
    payments,
    orders: ctx.services.orders,
    licences: ctx.services.licences,
    notifications: ctx.services.notifications,
    mail: ctx.services.mail,
    ledger: ctx.services.ledger,
    payouts: ctx.services.payouts,
    recoverShortfall: (sellerId) => ctx.services.connectPayouts.recoverShortfall(sellerId),
    clock: ctx.clock,
    log: { error: () => {}, info: () => {} },
    publicUrl: 'http://localhost',
    webhooks: ctx.services.webhooks,
  });
}
