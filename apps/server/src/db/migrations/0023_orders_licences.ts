import { randomBytes } from 'node:crypto';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;
const newId = () => randomBytes(12).toString('hex');
/** A random id made by the database, for rows written by one statement. */
const randomIdSql = (db: AnyDb) =>
  isPostgres(db) ? sql`substr(md5(random()::text || clock_timestamp()::text), 1, 24)` : sql`lower(hex(randomblob(12)))`;

/** SQLite runs migrations outside a transaction (PostgreSQL inside one): this one is all or nothing on both. */
async function atomically(db: AnyDb, work: (trx: AnyDb) => Promise<void>): Promise<void> {
  if (db.isTransaction) return work(db);
  await db.transaction().execute(work);
}

/** A payment's cart line as JSON, as the code before this migration stored it. */
interface StoredLine {
  productId: string;
  licenseType: string;
  isReskin: string;
  priceCents: number;
  reskinPriceCents: number | null;
}

async function createTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // pending → paid → partially_refunded | refunded; pending → canceled when the provider closed it unpaid.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_intent_id', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('orders_provider_intent', ['provider_intent_id', 'provider'])
    .addCheckConstraint('orders_total_not_negative', sql`total_cents >= 0`)
    .execute();
  await db.schema.createIndex('orders_buyer_paid').on('orders').columns(['buyer_id', 'paid_at']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // No foreign key: a checkout's line outlives a product deleted before it was paid, to be resolved by hand.
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('release_id', 'text')
    .addColumn('license_type', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'text')
    .addColumn('list_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_cents', 'integer', (c) => c.notNull())
    .addCheckConstraint('order_lines_paid_adds_up', sql`paid_cents = list_cents - discount_cents + tax_cents`)
    .addCheckConstraint('order_lines_not_negative', sql`list_cents >= 0 and discount_cents >= 0 and tax_cents >= 0 and paid_cents >= 0`)
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
  await db.schema.createIndex('order_lines_product').on('order_lines').column('product_id').execute();
  await db.schema.createIndex('order_lines_seller').on('order_lines').column('seller_id').execute();

  await db.schema
    .createTable('licences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_line_id', 'text', (c) => c.notNull().unique().references('order_lines.id').onDelete('cascade'))
    // A sold product is retired, never deleted: its licences keep it.
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('holder_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purchase_code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
    .addColumn('revoked_reason', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('download_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('licences_holder_product').on('licences').columns(['holder_id', 'product_id']).execute();
  await db.schema.createIndex('licences_product').on('licences').column('product_id').execute();
}

/** The app registrations, refunds and refund requests again, now pointing at licences, order lines and orders. */
async function repointChildren(db: AnyDb, to: 'orders' | 'purchases'): Promise<void> {
  const lines = to === 'orders' ? 'order_lines' : 'purchase_lines';
  const appOwner = to === 'orders' ? { column: 'licence_id', table: 'licences' } : { column: 'purchase_line_id', table: 'purchase_lines' };
  const appOwnerBefore =
    to === 'orders' ? sql.ref('purchase_line_id') : sql`(select c.order_line_id from licences c where c.id = licence_apps.licence_id)`;

  await db.schema
    .createTable('licence_apps_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn(appOwner.column, 'text', (c) => c.notNull().references(`${appOwner.table}.id`).onDelete('cascade'))
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('bundle_id', 'text', (c) => c.notNull())
    .addColumn('store_url', 'text')
    .addColumn('sole_app', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('cleared_at', 'text')
    .addColumn('cleared_by', 'text')
    .addColumn('cleared_reason', 'text')
    .execute();
  await sql`insert into licence_apps_next (id, ${sql.ref(appOwner.column)}, app_name, bundle_id, store_url, sole_app, created_at, updated_at, cleared_at, cleared_by, cleared_reason)
    select id, ${appOwnerBefore}, app_name, bundle_id, store_url, sole_app, created_at, updated_at, cleared_at, cleared_by, cleared_reason from licence_apps`.execute(
    db,
  );
  await db.schema.dropTable('licence_apps').execute();
  await sql`alter table licence_apps_next rename to licence_apps`.execute(db);
  await db.schema
    .createIndex('licence_apps_one_sole_app')
    .on('licence_apps')
    .column(appOwner.column)
    .unique()
    .where(sql.ref('sole_app'), '=', 1)
    .where(sql.ref('cleared_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('licence_apps_bundle_once')
    .on('licence_apps')
    .expression(sql`${sql.ref(appOwner.column)}, lower(bundle_id)`)
    .unique()
    .where(sql.ref('cleared_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('refunds_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_line_id', 'text', (c) => c.notNull().unique().references(`${lines}.id`).onDelete('cascade'))
    .addColumn('purchase_id', 'text', (c) => c.notNull().references(`${to}.id`).onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('refunded_by', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into refunds_next select id, purchase_line_id, purchase_id, product_id, seller_id, buyer_id, amount_cents, reason, origin,
    refunded_by, status, provider_refund_id, claimed_at, created_at from refunds`.execute(db);
  await db.schema.dropTable('refunds').execute();
  await sql`alter table refunds_next rename to refunds`.execute(db);
  await db.schema.createIndex('refunds_seller').on('refunds').column('seller_id').execute();
  await db.schema.createIndex('refunds_purchase').on('refunds').column('purchase_id').execute();

  await db.schema
    .createTable('refund_requests_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_line_id', 'text', (c) => c.notNull().unique().references(`${lines}.id`).onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decline_reason', 'text')
    .addColumn('answered_by', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into refund_requests_next select id, purchase_line_id, buyer_id, reason, status, decline_reason, answered_by, answered_at,
    created_at from refund_requests`.execute(db);
  await db.schema.dropTable('refund_requests').execute();
  await sql`alter table refund_requests_next rename to refund_requests`.execute(db);
  await db.schema.createIndex('refund_requests_status_created').on('refund_requests').columns(['status', 'created_at']).execute();
}

/** The seller a history line's sale was credited to in the ledger (migration 0022), else the product's owner. */
const sellerOfSoldLine = sql`coalesce((select substr(e.account, 8) from ledger_entries e
  where e.order_line_id = l.id and e.kind = 'sale' and e.account like 'seller:%' order by e.created_at limit 1), pr.user_id)`;

/**
 * Orders, order lines and licences (docs/decisions/0008) built from the history: every payment is an
 * order (a recorded one keeps its purchase's id, so purchase `_id`s, refunds and the ledger's links
 * stay), every bought line its licence line (same id) plus a `reskin` line when a reskin was quoted,
 * and its licence (same id, so app registrations keep pointing at it). Then `payments`,
 * `purchases` and `purchase_lines` go.
 */
export async function up(db: AnyDb): Promise<void> {
  await atomically(db, async (trx) => {
    await createTables(trx);

    const succeededRefunds = sql`(select count(*) from refunds r where r.purchase_id = p.id and r.status = 'succeeded')`;
    await sql`insert into orders (id, buyer_id, status, currency, provider, provider_intent_id, total_cents, created_at, paid_at, updated_at)
      select coalesce(p.id, pay.id), pay.user_id,
        case
          when p.id is null then case when pay.status in ('canceled', 'failed') then 'canceled' else 'pending' end
          when ${succeededRefunds} = 0 then 'paid'
          when ${succeededRefunds} >= (select count(*) from purchase_lines pl where pl.purchase_id = p.id) then 'refunded'
          else 'partially_refunded'
        end,
        pay.currency, pay.provider, pay.provider_intent_id, coalesce(p.amount_paid_cents, pay.amount_cents),
        pay.created_at, p.created_at, pay.updated_at
      from payments pay left join purchases p on p.payment_id = pay.id`.execute(trx);

    await sql`insert into order_lines (id, order_id, kind, product_id, release_id, license_type, seller_id, list_cents, discount_cents, tax_cents, paid_cents)
      select l.id, l.purchase_id, 'licence', l.product_id, null, l.license_type, ${sellerOfSoldLine}, l.price_cents, 0, 0, l.price_cents
      from purchase_lines l inner join products pr on pr.id = l.product_id`.execute(trx);
    await sql`insert into order_lines (id, order_id, kind, product_id, release_id, license_type, seller_id, list_cents, discount_cents, tax_cents, paid_cents)
      select ${randomIdSql(trx)}, l.purchase_id, 'reskin', l.product_id, null, l.license_type, ${sellerOfSoldLine}, l.reskin_price_cents, 0, 0, l.reskin_price_cents
      from purchase_lines l inner join products pr on pr.id = l.product_id where l.is_reskin = 1`.execute(trx);

    // Open checkouts kept their lines as JSON: each becomes its order's lines.
    const open = await trx
      .selectFrom('payments as pay')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('purchases as p').select('p.id').whereRef('p.payment_id', '=', 'pay.id'))))
      .select(['pay.id', 'pay.lines'])
      .execute();
    const openLines = open.flatMap((payment) =>
      (JSON.parse(payment.lines) as StoredLine[]).map((line) => ({ orderId: payment.id as string, line })),
    );
    const owners = new Map<string, string>();
    const productIds = [...new Set(openLines.map(({ line }) => line.productId))];
    for (let start = 0; start < productIds.length; start += 500) {
      const rows = await trx
        .selectFrom('products')
        .select(['id', 'user_id'])
        .where('id', 'in', productIds.slice(start, start + 500))
        .execute();
      for (const row of rows) owners.set(row.id, row.user_id);
    }
    const rows = openLines.flatMap(({ orderId, line }) => {
      const common = { order_id: orderId, product_id: line.productId, release_id: null, license_type: line.licenseType };
      const seller_id = owners.get(line.productId) ?? null;
      const licence = {
        id: newId(),
        ...common,
        kind: 'licence',
        seller_id,
        list_cents: line.priceCents,
        discount_cents: 0,
        tax_cents: 0,
        paid_cents: line.priceCents,
      };
      if (line.isReskin !== 'true') return [licence];
      const quoted = line.reskinPriceCents ?? 0;
      return [
        licence,
        { id: newId(), ...common, kind: 'reskin', seller_id, list_cents: quoted, discount_cents: 0, tax_cents: 0, paid_cents: quoted },
      ];
    });
    for (let start = 0; start < rows.length; start += 200) {
      await trx
        .insertInto('order_lines')
        .values(rows.slice(start, start + 200))
        .execute();
    }

    await sql`insert into licences (id, order_line_id, product_id, holder_id, purchase_code, status, revoked_reason, revoked_at, download_enabled, created_at)
      select l.id, l.id, l.product_id, p.user_id, l.purchase_code, l.status, l.revoked_reason, l.revoked_at, l.download_enabled, p.created_at
      from purchase_lines l inner join purchases p on p.id = l.purchase_id`.execute(trx);

    await repointChildren(trx, 'orders');
    await trx.schema.dropTable('purchase_lines').execute();
    await trx.schema.dropTable('purchases').execute();
    await trx.schema.dropTable('payments').execute();
  });
}

/**
 * The tables as the code before kept them, for a rollback: a paid order is a payment and its
 * purchase (of the same id), each licence line a purchase line carrying its licence and the quoted
 * reskin; an unpaid order a payment with its lines as JSON. The new tables go.
 */
export async function down(db: AnyDb): Promise<void> {
  await atomically(db, async (trx) => {
    await trx.schema
      .createTable('payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_intent_id', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('payments_user_id').on('payments').column('user_id').execute();
    await trx.schema
      .createTable('purchases')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('payment_id', 'text', (c) => c.notNull().unique().references('payments.id'))
      .addColumn('amount_paid_cents', 'integer', (c) => c.notNull())
      .addColumn('transaction_id', 'text', (c) => c.notNull())
      .addColumn('payment_status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('purchases_user_id').on('purchases').columns(['user_id', 'created_at']).execute();
    await trx.schema
      .createTable('purchase_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
      .addColumn('license_type', 'text', (c) => c.notNull())
      .addColumn('is_reskin', 'integer', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('reskin_price_cents', 'integer', (c) => c.notNull())
      .addColumn('download_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('purchase_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
      .addColumn('revoked_reason', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await trx.schema.createIndex('purchase_lines_purchase_id').on('purchase_lines').column('purchase_id').execute();
    await trx.schema.createIndex('purchase_lines_product_id').on('purchase_lines').column('product_id').execute();
    await trx.schema.createIndex('purchase_lines_purchase_code').on('purchase_lines').column('purchase_code').unique().execute();

    const orders = await trx.selectFrom('orders').selectAll().execute();
    const lines = await trx.selectFrom('order_lines').selectAll().orderBy('id').execute();
    const linesOf = new Map<string, typeof lines>();
    for (const line of lines) linesOf.set(line.order_id, [...(linesOf.get(line.order_id) ?? []), line]);
    const payments = orders.map((order) => {
      const own = linesOf.get(order.id) ?? [];
      const json = own
        .filter((line) => line.kind === 'licence')
        .map((line) => {
          const reskin = own.find((other) => other.kind === 'reskin' && other.product_id === line.product_id);
          return {
            productId: line.product_id,
            licenseType: line.license_type,
            isReskin: reskin ? 'true' : 'false',
            priceCents: Number(line.paid_cents),
            reskinPriceCents: reskin ? Number(reskin.list_cents) : null,
          };
        });
      const paid = order.paid_at !== null;
      return {
        id: order.id,
        provider: order.provider,
        provider_intent_id: order.provider_intent_id,
        user_id: order.buyer_id,
        amount_cents: order.total_cents,
        currency: order.currency,
        lines: JSON.stringify(json),
        status: paid ? 'succeeded' : order.status === 'canceled' ? 'canceled' : 'created',
        created_at: order.created_at,
        updated_at: order.updated_at,
      };
    });
    for (let start = 0; start < payments.length; start += 200) {
      await trx
        .insertInto('payments')
        .values(payments.slice(start, start + 200))
        .execute();
    }
    await sql`insert into purchases (id, user_id, payment_id, amount_paid_cents, transaction_id, payment_status, created_at)
      select id, buyer_id, id, total_cents, provider_intent_id, 'succeeded', paid_at from orders where paid_at is not null`.execute(trx);
    await sql`insert into purchase_lines (id, purchase_id, product_id, license_type, is_reskin, price_cents, reskin_price_cents,
        download_enabled, purchase_code, status, revoked_reason, revoked_at)
      select l.id, l.order_id, l.product_id, l.license_type,
        case when r.id is null then 0 else 1 end, l.paid_cents, coalesce(r.list_cents, 0),
        c.download_enabled, c.purchase_code, c.status, c.revoked_reason, c.revoked_at
      from order_lines l
      inner join licences c on c.order_line_id = l.id
      left join order_lines r on r.order_id = l.order_id and r.product_id = l.product_id and r.kind = 'reskin'
      where l.kind = 'licence'`.execute(trx);

    await repointChildren(trx, 'purchases');
    await trx.schema.dropTable('licences').execute();
    await trx.schema.dropTable('order_lines').execute();
    await trx.schema.dropTable('orders').execute();
  });
}
