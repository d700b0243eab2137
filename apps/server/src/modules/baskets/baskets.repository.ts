import type { Kysely, Selectable } from 'kysely';
import type { BasketKind, BasketLine } from '@market/contracts';
import type { BasketLinesTable, Database } from '../../db/schema.js';

export type BasketLineRow = Selectable<BasketLinesTable>;

export class BasketsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  linesOf(userId: string, kind: BasketKind): Promise<BasketLineRow[]> {
    return this.db
      .selectFrom('basket_lines')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('position')
      .orderBy('added_at')
      .execute();
  }

  /** The list becomes exactly these lines, in this order; inside the caller's unit of work. */
  async replace(userId: string, kind: BasketKind, lines: readonly BasketLine[], now: string): Promise<void> {
    await this.db.deleteFrom('basket_lines').where('user_id', '=', userId).where('kind', '=', kind).execute();
    if (lines.length === 0) return;
    await this.db
      .insertInto('basket_lines')
      .values(lines.map((line, position) => toRow(userId, kind, line, position, now)))
      // Another tab replacing the list at the same moment: the later write wins, line by line.
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'kind', 'product_id']).doUpdateSet((eb) => ({
          license_type: eb.ref('excluded.license_type'),
          is_reskin: eb.ref('excluded.is_reskin'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();
  }

  /** Adds the lines after the list's own (a product already in the list keeps its line); inside the caller's unit of work. */
  async addMissing(userId: string, kind: BasketKind, lines: readonly BasketLine[], now: string): Promise<void> {
    if (lines.length === 0) return;
    const last = await this.db
      .selectFrom('basket_lines')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    const start = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
    await this.db
      .insertInto('basket_lines')
      .values(lines.map((line, index) => toRow(userId, kind, line, start + index, now)))
      .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'product_id']).doNothing())
      .execute();
  }
}

function toRow(userId: string, kind: BasketKind, line: BasketLine, position: number, now: string): BasketLineRow {
  return {
    user_id: userId,
    kind,
    product_id: line.productId,
    license_type: line.selectedLicense,
    is_reskin: line.isReskin === 'true' ? 1 : 0,
    position,
    added_at: now,
  };
}
