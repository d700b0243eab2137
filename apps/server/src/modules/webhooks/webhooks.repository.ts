import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A delivery with what its sender needs of its endpoint. */
export type DueDelivery = DeliveryRow &
  Pick<EndpointRow, 'url' | 'secret' | 'previous_secret' | 'previous_secret_expires_at' | 'seller_id'>;

/** How many deliveries an endpoint's page lists. */
const DELIVERIES_LISTED = 50;

/** SQL of webhook endpoints and their outbox of deliveries; times are ISO text, compared as text. */
export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Finished deliveries (delivered, or failed for good) made before `beforeIso`; answers how many went. */
  async deleteFinishedDeliveriesBefore(beforeIso: string): Promise<number> {
    const result = await this.db
      .deleteFrom('webhook_deliveries')
      .where('status', 'in', ['delivered', 'failed'])
      .where('created_at', '<', beforeIso)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  endpointsOf(sellerId: string): Promise<EndpointRow[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('seller_id', '=', sellerId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async countOf(sellerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('seller_id', '=', sellerId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  endpoint(id: string): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertEndpoint(row: Insertable<WebhookEndpointsTable>): Promise<void> {
    await this.db.insertInto('webhook_endpoints').values(row).execute();
  }

  async updateEndpoint(id: string, changes: Updateable<WebhookEndpointsTable>): Promise<void> {
    await this.db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
  }

  async deleteEndpoint(id: string): Promise<void> {
    await this.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  }

  /** Stops an endpoint once; false when it was already stopped (by its seller or another sender). */
  async disable(id: string, at: string, reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({ disabled_at: at, disabled_reason: reason })
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The seller's enabled endpoints, to choose those subscribed to an event. */
  enabledEndpointsOf(sellerId: string): Promise<Array<Pick<EndpointRow, 'id' | 'events'>>> {
    return this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'events'])
      .where('seller_id', '=', sellerId)
      .where('disabled_at', 'is', null)
      .execute();
  }

  async insertDeliveries(rows: ReadonlyArray<Insertable<WebhookDeliveriesTable>>): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('webhook_deliveries')
      .values([...rows])
      .execute();
  }

  deliveriesOf(endpointId: string): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DELIVERIES_LISTED)
      .execute();
  }

  delivery(id: string): Promise<(DeliveryRow & { seller_id: string }) | undefined> {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .selectAll('d')
      .select('e.seller_id')
      .where('d.id', '=', id)
      .executeTakeFirst();
  }

  /** Pending deliveries due at `now` of enabled endpoints that no sender holds: candidates to claim, oldest first. */
  due(now: string, limit: number): Promise<DueDelivery[]> {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .selectAll('d')
      .select(['e.url', 'e.secret', 'e.previous_secret', 'e.previous_secret_expires_at', 'e.seller_id'])
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', now)
      .where('e.disabled_at', 'is', null)
      .where((eb) => eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<', now)]))
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(limit)
      .execute();
  }

  /** Takes the delivery until `until` in one guarded UPDATE: true only for the one sender whose update changed the row. */
  async claim(id: string, now: string, until: string, by: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: until, claimed_by: by })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records an attempt by the sender that holds the claim; false when the claim was lost meanwhile. */
  async recordAttempt(
    id: string,
    by: string,
    changes: Pick<
      Updateable<WebhookDeliveriesTable>,
      'status' | 'next_attempt_at' | 'last_status_code' | 'last_latency_ms' | 'last_response_excerpt' | 'delivered_at'
    >,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ ...changes, attempts: eb('attempts', '+', 1), claimed_until: null, claimed_by: null }))
      .where('id', '=', id)
      .where('claimed_by', '=', by)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  seller(id: string): Promise<{ name: string; email: string } | undefined> {
    return this.db.selectFrom('users').select(['name', 'email']).where('id', '=', id).executeTakeFirst();
  }
}
