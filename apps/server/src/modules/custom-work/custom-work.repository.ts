import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  CustomWorkDeliveriesTable,
  CustomWorkEventsTable,
  CustomWorkEvidenceTable,
  CustomWorkMilestonesTable,
  CustomWorkReviewsTable,
  CustomWorkTable,
  Database,
} from '../../db/schema.js';

export type CustomWorkRow = Selectable<CustomWorkTable>;
export type MilestoneRow = Selectable<CustomWorkMilestonesTable>;
export type DeliveryRow = Selectable<CustomWorkDeliveriesTable>;
export type EventRow = Selectable<CustomWorkEventsTable>;
export type EvidenceRow = Selectable<CustomWorkEvidenceTable> & { author_name: string };
export type ReviewRow = Selectable<CustomWorkReviewsTable> & { reviewer_name: string };

export interface CustomWorkWithNamesRow extends CustomWorkRow {
  buyer_name: string;
  seller_name: string;
}

/** Custom work orders, their milestones, deliveries and history; no rule lives here. */
export class CustomWorkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(work: Insertable<CustomWorkTable>, milestones: Insertable<CustomWorkMilestonesTable>[]): Promise<void> {
    await this.db.insertInto('custom_work').values(work).execute();
    await this.db.insertInto('custom_work_milestones').values(milestones).execute();
  }

  find(id: string): Promise<CustomWorkRow | undefined> {
    return this.db.selectFrom('custom_work').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The order's row, locked until the transaction ends (PostgreSQL; SQLite's writer lock holds already). */
  lockedFind(id: string, postgres: boolean): Promise<CustomWorkRow | undefined> {
    return this.db
      .selectFrom('custom_work')
      .selectAll()
      .where('id', '=', id)
      .$if(postgres, (query) => query.forUpdate())
      .executeTakeFirst();
  }

  private withNames() {
    return this.db
      .selectFrom('custom_work as w')
      .innerJoin('users as b', 'b.id', 'w.buyer_id')
      .innerJoin('users as s', 's.id', 'w.seller_id')
      .selectAll('w')
      .select(['b.name as buyer_name', 's.name as seller_name']);
  }

  findWithNames(id: string): Promise<CustomWorkWithNamesRow | undefined> {
    return this.withNames().where('w.id', '=', id).executeTakeFirst();
  }

  /** A user's orders as buyer or seller, newest first. */
  ofUser(userId: string): Promise<CustomWorkWithNamesRow[]> {
    return this.withNames()
      .where((eb) => eb.or([eb('w.buyer_id', '=', userId), eb('w.seller_id', '=', userId)]))
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id')
      .limit(500)
      .execute();
  }

  /** Every order, or those in one status (the admins' disputes list), newest first. */
  all(status: CustomWorkRow['status'] | undefined): Promise<CustomWorkWithNamesRow[]> {
    return this.withNames()
      .$if(status !== undefined, (query) => query.where('w.status', '=', status!))
      .orderBy('w.updated_at', 'desc')
      .orderBy('w.id')
      .limit(500)
      .execute();
  }

  milestonesOf(ids: readonly string[]): Promise<MilestoneRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('custom_work_milestones')
      .selectAll()
      .where('custom_work_id', 'in', ids)
      .orderBy('custom_work_id')
      .orderBy('position')
      .execute();
  }

  /**
   * Writes the order's new state only if it is still in the status it was read in: a second
   * instance, click or job that read the same state finds nothing to update and loses.
   */
  async update(
    id: string,
    expectedStatus: CustomWorkRow['status'],
    expectedMilestone: number,
    patch: Partial<CustomWorkRow>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('custom_work')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', expectedStatus)
      .where('current_milestone', '=', expectedMilestone)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async updateMilestone(id: string, position: number, patch: Partial<MilestoneRow>): Promise<void> {
    await this.db
      .updateTable('custom_work_milestones')
      .set(patch)
      .where('custom_work_id', '=', id)
      .where('position', '=', position)
      .execute();
  }

  async addEvent(event: Insertable<CustomWorkEventsTable>): Promise<void> {
    await this.db.insertInto('custom_work_events').values(event).execute();
  }

  eventsOf(id: string): Promise<EventRow[]> {
    return this.db.selectFrom('custom_work_events').selectAll().where('custom_work_id', '=', id).orderBy('at').orderBy('id').execute();
  }

  async addEvidence(evidence: Insertable<CustomWorkEvidenceTable>): Promise<void> {
    await this.db.insertInto('custom_work_evidence').values(evidence).execute();
  }

  evidenceOf(id: string): Promise<EvidenceRow[]> {
    return this.db
      .selectFrom('custom_work_evidence as e')
      .innerJoin('users as u', 'u.id', 'e.author_id')
      .selectAll('e')
      .select('u.name as author_name')
      .where('e.custom_work_id', '=', id)
      .orderBy('e.created_at')
      .orderBy('e.id')
      .execute();
  }

  async evidenceCount(id: string): Promise<number> {
    const row = await this.db
      .selectFrom('custom_work_evidence')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('custom_work_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  findEvidence(id: string, evidenceId: string) {
    return this.db
      .selectFrom('custom_work_evidence')
      .selectAll()
      .where('custom_work_id', '=', id)
      .where('id', '=', evidenceId)
      .executeTakeFirst();
  }

  /** The buyer's review of the order: written once, changed after in place. */
  async saveReview(review: Insertable<CustomWorkReviewsTable>): Promise<void> {
    await this.db
      .insertInto('custom_work_reviews')
      .values(review)
      .onConflict((conflict) =>
        conflict.column('custom_work_id').doUpdateSet({ rating: review.rating, text: review.text, updated_at: review.updated_at }),
      )
      .execute();
  }

  private reviews() {
    return this.db
      .selectFrom('custom_work_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.buyer_id')
      .selectAll('r')
      .select('u.name as reviewer_name');
  }

  reviewOf(id: string): Promise<ReviewRow | undefined> {
    return this.reviews().where('r.custom_work_id', '=', id).executeTakeFirst();
  }

  /** A product's reviews of custom work, the most recently written first. */
  reviewsOfProduct(productId: string, limit: number): Promise<ReviewRow[]> {
    return this.reviews()
      .where('r.product_id', '=', productId)
      .orderBy('r.updated_at', 'desc')
      .orderBy('r.custom_work_id')
      .limit(limit)
      .execute();
  }

  async reviewSummaryOf(productId: string): Promise<{ count: number; mean: number | null }> {
    const row = await this.db
      .selectFrom('custom_work_reviews')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.avg<number>('rating').as('mean')])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), mean: row.mean === null ? null : Number(row.mean) };
  }

  async addDelivery(delivery: Insertable<CustomWorkDeliveriesTable>): Promise<void> {
    await this.db.insertInto('custom_work_deliveries').values(delivery).execute();
  }

  deliveriesOf(id: string): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('custom_work_deliveries')
      .selectAll()
      .where('custom_work_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  findDelivery(id: string, deliveryId: string): Promise<DeliveryRow | undefined> {
    return this.db
      .selectFrom('custom_work_deliveries')
      .selectAll()
      .where('custom_work_id', '=', id)
      .where('id', '=', deliveryId)
      .executeTakeFirst();
  }

  /** Deliveries whose archive is not analysed yet, oldest first. */
  awaitingAnalysis(limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('custom_work_deliveries')
      .selectAll()
      .where('analysed_at', 'is', null)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  async saveAnalysis(
    deliveryId: string,
    analysis: Pick<DeliveryRow, 'analysis_json' | 'diff_json' | 'refused_reason' | 'analysed_at'>,
  ): Promise<void> {
    await this.db
      .updateTable('custom_work_deliveries')
      .set(analysis)
      .where('id', '=', deliveryId)
      .where('analysed_at', 'is', null)
      .execute();
  }

  /** Delivered orders whose automatic release comes by `at`: those due now, or the reminders' candidates. */
  releasingBy(at: string, limit: number): Promise<CustomWorkRow[]> {
    return this.db
      .selectFrom('custom_work')
      .selectAll()
      .where('status', '=', 'delivered')
      .where('auto_release_at', '<=', at)
      .orderBy('auto_release_at')
      .limit(limit)
      .execute();
  }

  /** A reminder of `days` is marked sent once: a second instance finds it marked and sends nothing. */
  async markReminded(id: string, autoReleaseAt: string, days: number): Promise<boolean> {
    const result = await this.db
      .updateTable('custom_work')
      .set({ reminded_days: days })
      .where('id', '=', id)
      .where('status', '=', 'delivered')
      .where('auto_release_at', '=', autoReleaseAt)
      .where((eb) => eb.or([eb('reminded_days', 'is', null), eb('reminded_days', '>', days)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Milestones whose refund the provider has not made yet. */
  refundsOwed(limit: number): Promise<MilestoneRow[]> {
    return this.db
      .selectFrom('custom_work_milestones')
      .selectAll()
      .where('refund_cents', '>', 0)
      .where('provider_refund_id', 'is', null)
      .limit(limit)
      .execute();
  }

  /** The reskin conversations on a seller's products (everybody's when null), newest first. */
  reskinRequests(sellerId: string | null) {
    return this.db
      .selectFrom('reskin_conversations as c')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.user_id', 'u.name as buyer_name', 'c.product_id', 'c.created_at'])
      .$if(sellerId !== null, (query) => query.where('p.user_id', '=', sellerId!))
      .where('p.status', '!=', 'Deleted')
      .orderBy('c.created_at', 'desc')
      .limit(200)
      .execute();
  }

  /** A reskin conversation of the buyer about the product: where a quote may be sent. */
  async hasConversation(buyerId: string, productId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('reskin_conversations')
      .select('id')
      .where('user_id', '=', buyerId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Each product's titles by language, for the order's heading. */
  titlesOf(productIds: readonly string[]) {
    if (productIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('product_translations')
      .select(['product_id', 'language', 'title'])
      .where('product_id', 'in', [...new Set(productIds)])
      .execute();
  }

  product(productId: string) {
    return this.db
      .selectFrom('products')
      .select(['id', 'user_id', 'status', 'reskin_price_cents'])
      .where('id', '=', productId)
      .executeTakeFirst();
  }

  user(userId: string) {
    return this.db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', userId).executeTakeFirst();
  }

  admins() {
    return this.db.selectFrom('users').select(['id', 'name', 'email']).where('role', '=', 'Admin').execute();
  }

  /** The provider's refund of each of these milestones, by order and position. */
  refundsOfMilestones(milestones: ReadonlyArray<{ customWorkId: string; milestone: number }>) {
    if (milestones.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('custom_work_milestones')
      .select(['custom_work_id', 'position', 'provider_refund_id'])
      .where('custom_work_id', 'in', [...new Set(milestones.map((each) => each.customWorkId))])
      .execute();
  }
}
