import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The money tables and the one module each belongs to (docs/decisions/0008, 0009, 0012, 0013), and the reconciliation's record of them. */
const OWNERS: Record<string, string> = {
  orders: 'modules/orders',
  order_lines: 'modules/orders',
  licences: 'modules/licences',
  licence_apps: 'modules/licences',
  ledger_entries: 'modules/ledger',
  ledger_balances: 'modules/ledger',
  maturing_lines: 'modules/ledger',
  connect_payouts: 'modules/connect',
  connect_transfer_reversals: 'modules/connect',
  discount_codes: 'modules/discounts',
  discount_code_products: 'modules/discounts',
  discount_redemptions: 'modules/discounts',
  product_prices: 'modules/products',
  sales: 'modules/sales',
  sale_products: 'modules/sales',
  bundles: 'modules/bundles',
  bundle_products: 'modules/bundles',
  payout_accounts: 'modules/connect',
  payout_holds: 'modules/payouts',
  disputes: 'modules/payments',
  dispute_lines: 'modules/payments',
  reconciliation_runs: 'modules/reconciliation',
  reconciliation_differences: 'modules/reconciliation',
  custom_work: 'modules/custom-work',
  custom_work_milestones: 'modules/custom-work',
  custom_work_deliveries: 'modules/custom-work',
  custom_work_events: 'modules/custom-work',
  custom_work_evidence: 'modules/custom-work',
  custom_work_reviews: 'modules/custom-work',
  webhook_endpoints: 'modules/webhooks',
  webhook_deliveries: 'modules/webhooks',
  passkeys: 'modules/auth',
  passkey_challenges: 'modules/auth',
  studios: 'modules/studios',
  studio_members: 'modules/studios',
  studio_invitations: 'modules/studios',
  studio_audit: 'modules/studios',
  user_totp: 'modules/auth',
  recovery_codes: 'modules/auth',
  pending_sign_ins: 'modules/auth',
  sign_in_devices: 'modules/auth',
  product_analytics_daily: 'modules/analytics',
  release_downloads: 'modules/purchases',
};

/**
 * Files that may name them anyway: migrations describe the past; tests and their helpers read the
 * rows as stored to check what the modules claim, and forge rows to play a bug the ledger's check
 * must find. The app's own code goes through the owning module's door.
 */
const ALLOWED = [/^db\/migrations\//, /^test\//, /\.test\.ts$/];

const SOURCE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABLES = Object.keys(OWNERS).join('|');
/** A Kysely call that names a table: `selectFrom('orders as o')`, `innerJoin("licences", …)`, `selectFrom(['a', 'orders'])`. */
const KYSELY_CALL = new RegExp(
  String.raw`\b(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|join|using|into)\(\s*\[?[^)]*?['"\x60](${TABLES})(\s+as\s+\w+)?['"\x60]`,
  'g',
);
/** Raw SQL that names one: inside sql`…`, after from, join, into, update or table. */
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const SQL_TABLE = new RegExp(String.raw`\b(from|join|into|update|table)\s+(${TABLES})\b`, 'gi');

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Every place in `text` that names one of the tables in a Kysely call or a sql template, as [line, table]. */
export function tableMentions(text: string): Array<[number, string]> {
  const found: Array<[number, string]> = [];
  for (const match of text.matchAll(KYSELY_CALL)) found.push([lineOf(text, match.index), match[2]!]);
  for (const template of text.matchAll(SQL_TEMPLATE)) {
    for (const match of template[1]!.matchAll(SQL_TABLE)) {
      found.push([lineOf(text, template.index + template[0].indexOf(template[1]!) + match.index), match[2]!]);
    }
  }
  return found;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the money tables have one owner each', () => {
  it('finds the names in every form a query takes', () => {
    const sample = [
      "db.selectFrom('orders as o')",
      '  .innerJoin("order_lines as l", "l.order_id", "o.id")',
      "trx.updateTable('licences').set({})",
      'sql`select count(*) from licence_apps a`',
      "eb.selectFrom(['products', 'ledger_entries'])",
      "db.selectFrom('ordersx')",
    ].join('\n');
    expect(tableMentions(sample)).toEqual([
      [1, 'orders'],
      [2, 'order_lines'],
      [3, 'licences'],
      [5, 'ledger_entries'],
      [4, 'licence_apps'],
    ]);
  });

  it('keeps every query of orders, order lines, licences and the ledger inside its module', () => {
    const trespasses: string[] = [];
    for (const file of sourceFiles(SOURCE_ROOT)) {
      const path = relative(SOURCE_ROOT, file).split('\\').join('/');
      if (ALLOWED.some((pattern) => pattern.test(path))) continue;
      for (const [line, table] of tableMentions(readFileSync(file, 'utf8'))) {
        const owner = OWNERS[table]!;
        if (!path.startsWith(`${owner}/`)) trespasses.push(`${path}:${line} names ${table}, which ${owner} owns: ask its index`);
      }
    }
    expect(trespasses).toEqual([]);
  });
});
