import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/0001_initial.js';
import * as catalogue from './migrations/0002_catalogue.js';
import * as payments from './migrations/0003_payments.js';
import * as conversations from './migrations/0005_conversations.js';
import * as outboxClaims from './migrations/0007_outbox_claims.js';
import * as searchIndexOrder from './migrations/0008_search_index_order.js';
import * as passwordResets from './migrations/0009_password_resets.js';
import * as idempotencyKeys from './migrations/0010_idempotency_keys.js';
import * as backgroundJobs from './migrations/0011_background_jobs.js';
import * as productReleases from './migrations/0012_product_releases.js';
import * as notifications from './migrations/0013_notifications.js';
import * as licences from './migrations/0014_licences.js';
import * as reviews from './migrations/0015_reviews.js';
import * as refunds from './migrations/0016_refunds.js';
import * as moderation from './migrations/0017_moderation.js';
import * as archiveReports from './migrations/0018_archive_reports.js';
import * as baskets from './migrations/0019_baskets.js';
import * as streamSequence from './migrations/0020_stream_sequence.js';
import * as ledger from './migrations/0021_ledger.js';
import * as ledgerHistory from './migrations/0022_ledger_history.js';
import * as ordersLicences from './migrations/0023_orders_licences.js';
import * as ledgerKeptTotals from './migrations/0024_ledger_kept_totals.js';
import * as discountCodes from './migrations/0025_discount_codes.js';
import * as sales from './migrations/0026_sales.js';
import * as discountCodesNamedProducts from './migrations/0027_discount_codes_named_products.js';
import * as licenceUpgrades from './migrations/0028_licence_upgrades.js';
import * as bundles from './migrations/0029_bundles.js';
import * as platformCodes from './migrations/0030_platform_codes.js';
import * as payoutHolds from './migrations/0031_payout_holds.js';
import * as payoutAccounts from './migrations/0032_payout_accounts.js';
import * as maturingLines from './migrations/0033_maturing_lines.js';
import * as disputes from './migrations/0034_disputes.js';
import * as connectPayouts from './migrations/0035_connect_payouts.js';
import * as reconciliationRuns from './migrations/0036_reconciliation_runs.js';
import * as transferReversals from './migrations/0037_transfer_reversals.js';
import * as ledgerEntryVersions from './migrations/0038_ledger_entry_versions.js';
import * as customWork from './migrations/0039_custom_work.js';
import * as customWorkEvidenceReviews from './migrations/0040_custom_work_evidence_reviews.js';
import * as tokenScopes from './migrations/0041_token_scopes.js';
import * as webhooks from './migrations/0042_webhooks.js';
import * as passkeys from './migrations/0044_passkeys.js';
import * as studios from './migrations/0045_studios.js';
import * as analytics from './migrations/0046_analytics.js';
import * as twoFactor from './migrations/0043_two_factor.js';
import type { Database } from './schema.js';

/** Migrations are listed in code so the compiled server carries them; names sort in run order. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_catalogue': catalogue,
  '0003_payments': payments,
  '0005_conversations': conversations,
  '0007_outbox_claims': outboxClaims,
  '0008_search_index_order': searchIndexOrder,
  '0009_password_resets': passwordResets,
  '0010_idempotency_keys': idempotencyKeys,
  '0011_background_jobs': backgroundJobs,
  '0012_product_releases': productReleases,
  '0013_notifications': notifications,
  '0014_licences': licences,
  '0015_reviews': reviews,
  '0016_refunds': refunds,
  '0017_moderation': moderation,
  '0018_archive_reports': archiveReports,
  '0019_baskets': baskets,
  '0020_stream_sequence': streamSequence,
  '0021_ledger': ledger,
  '0022_ledger_history': ledgerHistory,
  '0023_orders_licences': ordersLicences,
  '0024_ledger_kept_totals': ledgerKeptTotals,
  '0025_discount_codes': discountCodes,
  '0026_sales': sales,
  '0027_discount_codes_named_products': discountCodesNamedProducts,
  '0028_licence_upgrades': licenceUpgrades,
  '0029_bundles': bundles,
  '0030_platform_codes': platformCodes,
  '0031_payout_holds': payoutHolds,
  '0032_payout_accounts': payoutAccounts,
  '0033_maturing_lines': maturingLines,
  '0034_disputes': disputes,
  '0035_connect_payouts': connectPayouts,
  '0036_reconciliation_runs': reconciliationRuns,
  '0037_transfer_reversals': transferReversals,
  '0038_ledger_entry_versions': ledgerEntryVersions,
  '0039_custom_work': customWork,
  '0040_custom_work_evidence_reviews': customWorkEvidenceReviews,
  '0041_token_scopes': tokenScopes,
  '0042_webhooks': webhooks,
  '0044_passkeys': passkeys,
  '0045_studios': studios,
  '0046_analytics': analytics,
  '0043_two_factor': twoFactor,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Numbers are handed out per feature and land in any order: a database that already ran 0005
// must still accept 0003 when it arrives.
export const migratorFor = (db: Kysely<Database>) => new Migrator({ db, provider, allowUnorderedMigrations: true });

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
