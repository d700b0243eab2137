import { randomUUID } from 'node:crypto';
import type { LicenseType } from '@market/contracts';
import { saleOf } from '../modules/ledger/index.js';
import type { NewOrderLine } from '../modules/orders/index.js';
import { newId } from '../platform/ids.js';
import type { TestContext } from './helper.js';

export interface SaleLine {
  productId: string;
  priceCents: number;
  licenseType?: LicenseType;
  /** The reskin price quoted with the line (0 or absent when the buyer did not ask for a reskin). */
  reskinPriceCents?: number;
}

export interface StoredSale {
  orderId: string;
  buyerId: string;
  provider?: string;
  intentId?: string;
  lines: SaleLine[];
  at: Date;
  /** The licences' stored download flag (1 unless told). */
  downloadEnabled?: number;
}

/**
 * Paid orders as the purchase flow stores them, through the orders', licences' and ledger's doors:
 * each order, its licence lines (and reskin lines), a licence per licence line and the sale's
 * entries. Answers each order's licence line ids in the order of its lines.
 */
export async function storeSales(ctx: TestContext, sales: readonly StoredSale[]): Promise<string[][]> {
  const products = [...new Set(sales.flatMap((sale) => sale.lines.map((line) => line.productId)))];
  const owners = products.length ? await ctx.db.selectFrom('products').select(['id', 'user_id']).where('id', 'in', products).execute() : [];
  const sellerOf = new Map(owners.map((row) => [row.id, row.user_id]));
  const lineIds: string[][] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const orders = sales.map((sale) => {
      const ids: string[] = [];
      const lines = sale.lines.flatMap((line) => {
        const common = {
          productId: line.productId,
          licenseType: line.licenseType ?? 'Single App License',
          sellerId: sellerOf.get(line.productId)!,
        };
        const licence: NewOrderLine & { id: string } = { ...common, id: newId(), kind: 'licence', listCents: line.priceCents };
        ids.push(licence.id);
        if (!line.reskinPriceCents) return [licence];
        return [licence, { ...common, id: newId(), kind: 'reskin' as const, listCents: line.reskinPriceCents }];
      });
      lineIds.push(ids);
      return {
        id: sale.orderId,
        buyerId: sale.buyerId,
        provider: sale.provider ?? 'simulated',
        intentId: sale.intentId ?? `pi_test_${newId()}`,
        paidAt: sale.at.toISOString(),
        lines,
      };
    });
    await ctx.services.orders.recordSoldIn(trx, orders);
    await ctx.services.licences.issueIn(
      trx,
      orders.flatMap((order, index) =>
        order.lines
          .filter((line) => line.kind === 'licence')
          .map((line) => ({
            id: newId(),
            order_line_id: line.id,
            product_id: line.productId,
            holder_id: order.buyerId,
            purchase_code: randomUUID(),
            created_at: order.paidAt,
            ...(sales[index]!.downloadEnabled === undefined ? {} : { download_enabled: sales[index]!.downloadEnabled }),
          })),
      ),
    );
    for (const order of orders) {
      for (const line of order.lines.filter((candidate) => candidate.kind === 'licence')) {
        const reskin = order.lines.find((candidate) => candidate.kind === 'reskin' && candidate.productId === line.productId);
        const sale = saleOf({
          lineId: line.id,
          sellerId: line.sellerId,
          provider: order.provider,
          paidCents: line.listCents,
          reskinCents: reskin?.listCents ?? 0,
        });
        await ctx.services.ledger.postIfAny(trx, sale && { ...sale, at: order.paidAt });
      }
    }
  });
  return lineIds;
}

/**
 * A paid purchase as the purchase flow stores it. Money tests use it to give sellers sales with
 * exact prices; journeys buy through HTTP. Answers the purchase's id.
 */
export async function recordPurchase(ctx: TestContext, buyerId: string, lines: SaleLine[], at = ctx.clock.now()): Promise<string> {
  const orderId = newId();
  await storeSales(ctx, [{ orderId, buyerId, lines, at }]);
  return orderId;
}
