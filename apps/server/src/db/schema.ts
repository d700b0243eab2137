import type {
  BasketKind,
  HoldReasonCode,
  Category,
  ChatStatus,
  CustomWorkMilestoneState,
  CustomWorkStatus,
  LanguageCode,
  LicenceStatus,
  LicenseType,
  ModerationAction,
  ModerationReason,
  MessageAuthor,
  NotificationKind,
  Platform,
  ProductStatus,
  ProductType,
  RefundOrigin,
  RefundRequestStatus,
  ResolutionOutcome,
  Role,
  StudioRole,
  SubCategory,
  WebhookDeliveryStatus,
  WebhookEventType,
  WithdrawalStatus,
} from '@market/contracts';
import type { ColumnType, Generated } from 'kysely';

/** A product's status as stored: the contract's three, or 'Deleted' for a sold product retired from sale. */
export type StoredProductStatus = ProductStatus | 'Deleted';
export type StoredReleaseStatus = ProductStatus;

/**
 * Tables as stored. Times are ISO 8601 UTC text (sortable, identical on SQLite and PostgreSQL),
 * money is integer cents, flags are 0/1 integers, ids are opaque random text.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  studios: StudiosTable;
  studio_members: StudioMembersTable;
  studio_invitations: StudioInvitationsTable;
  studio_audit: StudioAuditTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
  sign_in_devices: SignInDevicesTable;
  password_resets: PasswordResetsTable;
  products: ProductsTable;
  product_translations: ProductTranslationsTable;
  product_screenshots: ProductScreenshotsTable;
  product_releases: ProductReleasesTable;
  product_views: ProductViewsTable;
  product_analytics_daily: ProductAnalyticsDailyTable;
  release_downloads: ReleaseDownloadsTable;
  product_moderation_log: ProductModerationLogTable;
  product_pending_changes: ProductPendingChangesTable;
  archive_reports: ArchiveReportsTable;
  /** SQLite only: the FTS5 index of products.search_text (PostgreSQL indexes a tsvector column). */
  product_search: ProductSearchTable;
  comments: CommentsTable;
  hire_requests: HireRequestsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  discount_codes: DiscountCodesTable;
  discount_code_products: DiscountCodeProductsTable;
  discount_redemptions: DiscountRedemptionsTable;
  product_prices: ProductPricesTable;
  sales: SalesTable;
  sale_products: SaleProductsTable;
  bundles: BundlesTable;
  bundle_products: BundleProductsTable;
  licences: LicencesTable;
  simulated_payment_intents: SimulatedPaymentIntentsTable;
  refunds: RefundsTable;
  refund_requests: RefundRequestsTable;
  licence_apps: LicenceAppsTable;
  product_reviews: ProductReviewsTable;
  basket_lines: BasketLinesTable;
  ledger_entries: LedgerEntriesTable;
  ledger_balances: LedgerBalancesTable;
  maturing_lines: MaturingLinesTable;
  connect_payouts: ConnectPayoutsTable;
  connect_transfer_reversals: ConnectTransferReversalsTable;
  custom_work: CustomWorkTable;
  custom_work_milestones: CustomWorkMilestonesTable;
  custom_work_deliveries: CustomWorkDeliveriesTable;
  custom_work_events: CustomWorkEventsTable;
  custom_work_evidence: CustomWorkEvidenceTable;
  custom_work_reviews: CustomWorkReviewsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  disputes: DisputesTable;
  dispute_lines: DisputeLinesTable;
  api_tokens: ApiTokensTable;
  withdrawals: WithdrawalsTable;
  payout_holds: PayoutHoldsTable;
  reskin_conversations: ReskinConversationsTable;
  reskin_messages: ReskinMessagesTable;
  contact_messages: ContactMessagesTable;
  mail_outbox: MailOutboxTable;
  notifications: NotificationsTable;
  idempotency_keys: IdempotencyKeysTable;
  job_leases: JobLeasesTable;
  payout_accounts: PayoutAccountsTable;
  reconciliation_runs: ReconciliationRunsTable;
  reconciliation_differences: ReconciliationDifferencesTable;
}

/** A request's Idempotency-Key: claimed while the first request runs (status_code null), then its answer. */
export interface IdempotencyKeysTable {
  user_id: string;
  /** Which call the key was sent to, e.g. 'product.upload'. */
  scope: string;
  key: string;
  created_at: string;
  status_code: number | null;
  /** The answer's JSON. */
  body: string | null;
}

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  /** Lower-cased email: the unique key, so sign-up is case-insensitive. */
  email_key: string;
  number: string;
  password_hash: string;
  role: Role;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen table does not yield live cookies. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** The studio this session acts for (docs/decisions/0018); honoured only while the membership exists. */
  active_studio_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Public id (GET /api/user/sessions), never the token's hash; null only for rows older than 0043. */
  id: string | null;
  user_agent: string | null;
  ip_address: string | null;
  /** Written at most once a minute per session. */
  last_seen_at: string | null;
  /** When this session last proved a second factor (or, without one, the password): docs/decisions/0016. */
  stepped_up_at: string | null;
  /** 1: an admin under ADMIN_REQUIRE_2FA without a second factor; only enrolment calls answer. */
  enrolment_only: number;
}

/** A user's authenticator secret; unconfirmed until a code proves the app has it (docs/decisions/0016). */
export interface UserTotpTable {
  user_id: string;
  secret: string;
  confirmed_at: string | null;
  last_step: number | null;
  created_at: string;
}

/** One of a user's ten single-use recovery codes, hashed (SHA-256, hex). */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A sign-in whose password was right, waiting for its second factor (5 minutes, 6 wrong codes). */
export interface PendingSignInsTable {
  token_hash: string;
  user_id: string;
  failed_attempts: number;
  user_agent: string | null;
  ip_address: string | null;
  created_at: string;
  expires_at: string;
}

/** The user-agent-and-address combinations a user has signed in from, hashed: a new one is mailed. */
export interface SignInDevicesTable {
  user_id: string;
  device_hash: string;
  first_seen_at: string;
}

/** A seller's account turned into a studio (docs/decisions/0018): its id is the account's user id. */
export interface StudiosTable {
  id: string;
  created_at: string;
}

export interface StudioMembersTable {
  studio_id: string;
  user_id: string;
  role: StudioRole;
  added_at: string;
}

/** An invitation link's token, hashed (SHA-256, hex); single use, valid until expires_at. */
export interface StudioInvitationsTable {
  id: string;
  studio_id: string;
  email: string;
  role: StudioRole;
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
}

/** What members acting as the studio changed, and who changed the members. */
export interface StudioAuditTable {
  id: string;
  studio_id: string;
  member_user_id: string;
  action: string;
  target: string | null;
  created_at: string;
}

/** A password reset link's token, hashed (SHA-256, hex); single use, valid until expires_at. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ProductsTable {
  id: string;
  user_id: string;
  type: ProductType;
  category: Category;
  sub_category: SubCategory;
  framework: string | null;
  features_html: string;
  feature_img_key: string;
  thumbnail_key: string;
  youtube_link: string | null;
  google_play_link: string | null;
  app_store_link: string | null;
  live_preview: string;
  single_app_license_cents: number;
  multi_app_license_cents: number;
  development_hours: number | null;
  author_name: string;
  reskin_features_html: string | null;
  reskin_price_cents: number | null;
  status: StoredProductStatus;
  downloads: Generated<number>;
  /** Visible reviews and the sum of their ratings, kept by the reviews' transactions. */
  review_count: Generated<number>;
  review_total: Generated<number>;
  created_at: string;
  updated_at: string;
  /** English title lower-cased, hyphens and whitespace runs as one space (docs/product-spec.md §2.2 slug rule). */
  slug_key: string;
  /** Plain text of every title, keyword and description; indexed for search. */
  search_text: string;
  /** SQLite only: the product's row in product_search, null unless Approved (PostgreSQL has no such column). */
  search_rowid: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A version of a product's source code; the first, 1.0.0, comes with the upload. */
export interface ProductReleasesTable {
  id: string;
  product_id: string;
  /** MAJOR.MINOR.PATCH as typed; the numbers below order it. */
  version: string;
  version_major: number;
  version_minor: number;
  version_patch: number;
  changelog_html: string;
  engine_version: string | null;
  source_code_key: string;
  source_code_size: number;
  status: StoredReleaseStatus;
  created_at: string;
  published_at: string | null;
}

/** Every decision on a product or on a seller's change to it: who, when and why. */
export interface ProductModerationLogTable {
  id: string;
  product_id: string;
  action: ModerationAction;
  reason: ModerationReason | null;
  note: ColumnType<string, string | undefined, string>;
  actor_id: string;
  created_at: string;
}

/** A seller's edit of an approved product, kept aside until an admin decides; one per product. */
export interface ProductPendingChangesTable {
  id: string;
  product_id: string;
  user_id: string;
  /** The product's updated_at when the change was sent: a later write makes it stale. */
  base_updated_at: string;
  /** The ProductForm as it would be, JSON. */
  form_json: string;
  feature_img_key: string | null;
  thumbnail_key: string | null;
  /** JSON array of image keys, or null when the screenshots stay. */
  screenshots_json: string | null;
  created_at: string;
}

/** What the analysis of a release's archive found; one per release, redone when the analyser changes. */
export interface ArchiveReportsTable {
  release_id: string;
  analyser_version: number;
  status: 'ready' | 'refused';
  engine: string | null;
  /** The public report as JSON; null when refused. */
  report_json: string | null;
  refused_reason: string | null;
  /** The seller's warnings as a JSON array, for the owner and admins only. */
  warnings_json: string;
  analysed_at: string;
}

export interface ProductTranslationsTable {
  product_id: string;
  language: LanguageCode;
  title: string;
  description_html: string;
  /** JSON array of strings. */
  keywords: string;
}

export interface ProductScreenshotsTable {
  id: string;
  product_id: string;
  position: number;
  image_key: string;
}

export interface ProductSearchTable {
  /** Lower is newer: the most recently indexed product has the lowest (products.search_rowid). */
  rowid: ColumnType<number, number, never>;
  product_id: string;
  body: string;
}

export interface ProductViewsTable {
  id: string;
  product_id: string;
  visitor_key: string;
  created_at: string;
}

/** The storefront's counted events per product, UTC day and referrer ('' for direct), added to by each flush (docs/decisions/0020). */
export interface ProductAnalyticsDailyTable {
  product_id: string;
  day: string;
  referrer: string;
  views: number;
  carts: number;
  checkouts: number;
}

/** A buyer's first download of a release: one row per release and buyer (docs/decisions/0020). */
export interface ReleaseDownloadsTable {
  release_id: string;
  buyer_id: string;
  first_at: string;
}

export interface CommentsTable {
  id: string;
  product_id: string | null;
  name: string;
  email: string;
  comment: string;
  created_at: string;
}

export interface HireRequestsTable {
  id: string;
  name: string;
  email: string;
  company_name: string;
  platform: Platform;
  requirements_html: string;
  created_at: string;
}

/** Where an order stands: docs/decisions/0008. A checkout the provider closed before payment is `canceled`. */
export type OrderStatus = 'pending' | 'paid' | 'partially_refunded' | 'refunded' | 'canceled';
/**
 * What an order line sells; `custom_work` comes later. `bundle`: a product's licence bought in a
 * bundle (docs/decisions/0011), a licence line in every other way. `upgrade`: turns a licence bought
 * before into a Multi App License (docs/decisions/0010).
 */
export type OrderLineKind = 'licence' | 'reskin' | 'bundle' | 'upgrade' | 'custom_work';

/** A checkout, priced by the server when it starts, and the purchase once its payment is recorded. */
export interface OrdersTable {
  id: string;
  buyer_id: string;
  status: OrderStatus;
  currency: string;
  /** Who takes the money: `stripe`, or `simulated` where no provider is configured. */
  provider: string;
  provider_intent_id: string;
  /** What the provider charges: the licence lines' paid cents (a reskin is quoted, not charged). */
  total_cents: number;
  created_at: string;
  /** When the payment was recorded: the purchase's date, from which download windows run. */
  paid_at: string | null;
  updated_at: string;
  /** Where the buyer's visit came from, as the browser kept it since landing (0046; docs/decisions/0020); null: direct or unknown. */
  referrer: ColumnType<string | null, string | null | undefined, never>;
}

/** What was sold as it was at the sale; `paid_cents = list_cents - discount_cents + tax_cents` is checked by the database. */
export interface OrderLinesTable {
  id: string;
  order_id: string;
  kind: OrderLineKind;
  product_id: string;
  /** The newest approved release when paid; null for sales recorded before releases were kept on lines. */
  release_id: string | null;
  license_type: LicenseType;
  /** The product's owner at the sale (at checkout until it is paid); null only for a checkout whose product was gone before 0023. */
  seller_id: string | null;
  list_cents: number;
  discount_cents: number;
  tax_cents: number;
  paid_cents: number;
  /** The bundle a `bundle` line was bought in; null on every other line. */
  bundle_id: string | null;
  /** The licence an `upgrade` line upgrades; null on every other line. */
  licence_id: string | null;
  /** The part of `discount_cents` the platform funded (a platform code's): the seller still earns it (docs/decisions/0009). */
  platform_discount_cents: Generated<number>;
  /** The custom work order a `custom_work` line funds, and which of its milestones (docs/decisions/0013); null on every other line. */
  custom_work_id: string | null;
  milestone: number | null;
}

/** A product's prices from `from_at` until its next row (docs/decisions/0009 "Sales"). */
export interface ProductPricesTable {
  id: string;
  product_id: string;
  single_app_license_cents: number;
  multi_app_license_cents: number;
  from_at: string;
}

/**
 * A hold on a seller's payouts (docs/decisions/0012 "Holds"): open while `released_at` is null;
 * never deleted, so holds and releases stay as history.
 */
export interface PayoutHoldsTable {
  id: string;
  seller_id: string;
  reason_code: HoldReasonCode;
  /** What the seller must do, in the admin's words. */
  needed: string;
  /** The calendar day (YYYY-MM-DD) the hold is reviewed. */
  review_by: string;
  /** The admin who placed it; null when a rule did. */
  held_by: string | null;
  created_at: string;
  released_at: string | null;
  released_by: string | null;
  release_note: string | null;
}

/** A seller's sale: a percent off some products from `starts_at` until `ends_at`. */
export interface SalesTable {
  id: string;
  seller_id: string;
  percent: number;
  starts_at: string;
  ends_at: string;
  created_at: string;
  updated_at: string;
}

/** A product in a sale, with the lowest price of each licence in the 30 days before the sale starts. */
export interface SaleProductsTable {
  sale_id: string;
  product_id: string;
  lowest_single_cents: number;
  lowest_multi_cents: number;
}

/** A seller's bundle (docs/decisions/0011): prices in cents; deleted ones stay for the orders that name them. */
export interface BundlesTable {
  id: string;
  seller_id: string;
  name: string;
  single_app_license_cents: number;
  multi_app_license_cents: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A product in a bundle, in the seller's order. */
export interface BundleProductsTable {
  bundle_id: string;
  product_id: string;
  position: number;
}

/** A seller's discount code (docs/decisions/0009). */
export interface DiscountCodesTable {
  id: string;
  seller_id: string;
  code: string;
  /** Upper-cased `code`: unique per seller among codes not deleted. */
  code_key: string;
  kind: 'percent' | 'fixed';
  /** Percent 1–100, or cents off each line. */
  amount: number;
  /** JSON array of licence types. */
  licence_types: string;
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  /** Uses held by open checkouts and paid: raised only while below `max_redemptions`. */
  uses: Generated<number>;
  one_per_buyer: Generated<number>;
  min_subtotal_cents: Generated<number>;
  paused: Generated<number>;
  /** 1 when the code was made for named products: once they are all deleted it reaches none, not all. */
  names_products: Generated<number>;
  /** 1 for an admin's platform-wide code (`seller_id` is the admin who made it): it reaches every seller's lines, the platform funds it. */
  platform: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The products a code is limited to; none: all of its seller's. */
export interface DiscountCodeProductsTable {
  code_id: string;
  product_id: string;
}

export type DiscountRedemptionStatus = 'held' | 'paid' | 'released';

/** A code's use by one order: held at checkout, paid with the order, or released when it closed unpaid. */
export interface DiscountRedemptionsTable {
  id: string;
  code_id: string;
  order_id: string;
  buyer_id: string;
  /** The buyer's id for a one-per-buyer code, else the redemption's id: unique per code while not released. */
  buyer_key: string;
  status: DiscountRedemptionStatus;
  discount_cents: number;
  paid_cents: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The simulated provider's side of an intent (what Stripe would keep on its servers). */
export interface SimulatedPaymentIntentsTable {
  id: string;
  client_secret: string;
  amount_cents: number;
  currency: string;
  /** JSON object of strings, like Stripe metadata. */
  metadata: string;
  /** requires_payment_method | succeeded */
  status: string;
  created_at: string;
  updated_at: string;
  amount_refunded_cents: Generated<number>;
}

/** One licence per sold licence line: its holder, its proof and its state. */
export interface LicencesTable {
  id: string;
  order_line_id: string;
  product_id: string;
  holder_id: string;
  /** The licence's random UUID v4, shown to its buyer and checked by sellers. */
  purchase_code: string;
  /** The type an upgrade or its refund set (docs/decisions/0010); null: the type its line sold. */
  license_type: LicenseType | null;
  status: Generated<LicenceStatus>;
  revoked_reason: string | null;
  revoked_at: string | null;
  download_enabled: Generated<number>;
  created_at: string;
}

/** One refunded licence: a ledger row of its own, counted against the seller from the moment it is claimed. */
export interface RefundsTable {
  id: string;
  /** The order line refunded (named for the purchase lines it pointed at before migration 0023; the ids are the same). */
  purchase_line_id: string;
  /** The order (a purchase's id is its order's id). */
  purchase_id: string;
  product_id: string;
  seller_id: string;
  buyer_id: string;
  amount_cents: number;
  reason: string;
  origin: RefundOrigin;
  refunded_by: string | null;
  status: 'pending' | 'succeeded';
  provider_refund_id: string | null;
  /** When the current attempt took the refund; a stale claim may be taken over. */
  claimed_at: string;
  created_at: string;
}

export interface RefundRequestsTable {
  id: string;
  /** The order line whose refund is asked for. */
  purchase_line_id: string;
  buyer_id: string;
  reason: string;
  status: RefundRequestStatus;
  decline_reason: string | null;
  answered_by: string | null;
  answered_at: string | null;
  created_at: string;
}

/** An app a licence is used in; a cleared one is kept, out of every count. */
export interface LicenceAppsTable {
  id: string;
  licence_id: string;
  app_name: string;
  bundle_id: string;
  store_url: string | null;
  /** 1 when the licence holds a single app (a unique partial index allows one live such row). */
  sole_app: number;
  created_at: string;
  updated_at: string;
  cleared_at: string | null;
  cleared_by: string | null;
  cleared_reason: string | null;
}

/** A line of a signed-in person's cart or wishlist (the browser keeps a visitor's). */
export interface BasketLinesTable {
  user_id: string;
  kind: BasketKind;
  product_id: string;
  license_type: LicenseType;
  is_reskin: number;
  /** The line's place in the list, as the person arranged it. */
  position: number;
  added_at: string;
}

/** A verified buyer's review of a product, the seller's reply, and an admin's hiding of it. */
export interface ProductReviewsTable {
  id: string;
  product_id: string;
  buyer_id: string;
  rating: number;
  text: string;
  created_at: string;
  updated_at: string;
  reply_text: string | null;
  replied_at: string | null;
  hidden_at: string | null;
  hidden_by: string | null;
  hidden_reason: string | null;
}

/** A seller's token for the verify API, kept as its SHA-256 only. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  /** JSON array of the token's scopes (docs/decisions/0014). */
  scopes: string;
  created_at: string;
  /** Set on every row since migration 0041 (SQLite's column could not be made NOT NULL). */
  expires_at: string;
  /** Written at most once a minute per token. */
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface WithdrawalsTable {
  id: string;
  user_id: string;
  email: string;
  amount_cents: number;
  status: WithdrawalStatus;
  created_at: string;
  paid_at: string | null;
}

export interface ReskinConversationsTable {
  id: string;
  user_id: string;
  product_id: string;
  status: ChatStatus;
  created_at: string;
  updated_at: string;
}

export interface ReskinMessagesTable {
  id: string;
  conversation_id: string;
  message_by: MessageAuthor;
  message: string;
  file_key: string | null;
  file_name: string | null;
  is_read: Generated<number>;
  created_at: string;
  /** Written order, given by the database: a stream event's id (migration 0020). */
  seq: Generated<number | string>;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  company_name: string;
  message: string;
  created_at: string;
}

/** A notice for one user: shown in the header's bell until read. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  /** Plain text. */
  body: string;
  /** A path of the app. */
  link: string;
  created_at: string;
  read_at: string | null;
  /** Written order, given by the database: a stream event's id (migration 0020). */
  seq: Generated<number | string>;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  /** The same mail as HTML (0013), sent beside the text as multipart/alternative; null: text only. */
  html_body: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where a reply goes (0005); null: to the sender. */
  reply_to: string | null;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
  /** The sender holding this mail until then (0007, ISO); null or past: free to claim. After a failure, the retry's time. */
  claimed_until: string | null;
  /** Failed attempts so far (0011): each retry waits twice as long as the one before. */
  attempts: ColumnType<number, number | undefined, number>;
}

/** Which instance runs a periodic job until when (0011). */
/** One comparison of the provider's balance transactions with the ledger (docs/decisions/0012, "Reconciliation"). */
export interface ReconciliationRunsTable {
  id: string;
  /** One after the last run's: unique, so of two instances that ran at once one stores its run. */
  number: number;
  /** The period compared, [start, end). */
  period_start: string;
  period_end: string;
  /** The provider's balance transactions created in the period. */
  provider_transactions: number;
  differences: number;
  /** The admin who asked for it; null for the daily job. */
  requested_by: string | null;
  started_at: string;
  finished_at: string;
}

/** What a run found the provider and the ledger to have moved differently, in cents into the platform's balance. */
export interface ReconciliationDifferencesTable {
  run_id: string;
  /** As ProviderComparison names it, e.g. `charge:pi_…`. */
  key: string;
  ledger_cents: number;
  provider_cents: number;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  held_until: string;
}

/** What moved money: docs/decisions/0008. */
export type LedgerEntryKind =
  | 'sale'
  | 'refund'
  | 'withdrawal'
  | 'fee'
  | 'payout'
  | 'reversal'
  | 'adjustment'
  | 'reskin'
  | 'maturity'
  | 'dispute'
  /** Custom work's escrow (docs/decisions/0013): funded, released to the seller, or refunded. */
  | 'custom_work';

/** One side of a ledger transaction; never updated or deleted (a database trigger refuses it). */
export interface LedgerEntriesTable {
  id: string;
  transaction_id: string;
  account: string;
  /** Signed: what the platform owes the account goes up (credit positive). */
  amount_cents: number;
  currency: string;
  kind: LedgerEntryKind;
  order_line_id: string | null;
  refund_id: string | null;
  withdrawal_id: string | null;
  /** The dispute (its `disputes` row) a `dispute` entry belongs to (0034); reconciliation names it by the provider's dispute. */
  dispute_id: ColumnType<string | null, string | null | undefined, never>;
  reverses_transaction_id: string | null;
  created_at: string;
  /** The entry's place in its account, 1, 2, 3…: the account's balance row's version once it was written (0038). */
  account_version: number;
  /** The account's balance just after this entry (0038). */
  balance_after_cents: number;
}

/** A payout through Stripe Connect: claimed from the seller's balance, then sent or refused (docs/decisions/0012). */
export interface ConnectPayoutsTable {
  id: string;
  seller_id: string;
  stripe_account_id: string;
  amount_cents: number;
  fee_cents: number;
  currency: string;
  status: 'claimed' | 'transferred' | 'failed';
  idempotency_key: string;
  /** The ledger transaction of the claim, reversed should Stripe refuse the transfer. */
  claim_transaction_id: string;
  transfer_id: string | null;
  /** What of `amount_cents` was taken back from the transfer after refunds left the seller below zero. */
  reversed_cents: ColumnType<number, number | undefined, number>;
  /** Stripe's words when it refused the transfer. */
  failure: string | null;
  claimed_at: string;
  finished_at: string | null;
}

/** A reversal of a payout's transfer, recorded once by Stripe's id (0037): ours, or one made in Stripe's dashboard. */
export interface ConnectTransferReversalsTable {
  id: string;
  payout_id: string;
  /** What the seller got back: `net_cents` from their Stripe account, the rest from the platform's fee. */
  gross_cents: number;
  net_cents: number;
  origin: 'payouts' | 'dashboard';
  recorded_at: string;
}

/** A sold line whose money waits on its seller's `maturing:` account, and when it matures (docs/decisions/0012). */
export interface MaturingLinesTable {
  order_line_id: string;
  seller_id: string;
  currency: string;
  due_at: string;
}

/** An account's balance, moved in the same database transaction as its entries. */
export interface LedgerBalancesTable {
  account: string;
  currency: string;
  balance_cents: number;
  /** The part of the balance its refunds moved: the sum of its entries that carry a refund (refunds and their reversals). */
  refund_cents: ColumnType<number, number | undefined, number>;
  /** The part of the balance its withdrawals moved: the sum of its entries that carry a withdrawal. */
  withdrawal_cents: ColumnType<number, number | undefined, number>;
  version: number;
  updated_at: string;
}

/** A seller's Stripe Express account (docs/decisions/0012), as Stripe last told us; booleans are 0/1. */
export interface PayoutAccountsTable {
  seller_id: string;
  stripe_account_id: string;
  details_submitted: number;
  charges_enabled: number;
  transfers_active: number;
  payouts_enabled: number;
  /** JSON list of Stripe's requirement names still due. */
  requirements_due: string;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Where a chargeback stands (docs/decisions/0012, "Disputes"). */
export type DisputeStatus = 'open' | 'won' | 'lost';

/** A chargeback the provider reported on one of our orders, once per provider dispute (0034). */
export interface DisputesTable {
  id: string;
  provider: string;
  provider_dispute_id: string;
  order_id: string;
  /** What the provider says is disputed, in cents. */
  amount_cents: number;
  currency: string;
  reason: string;
  status: DisputeStatus;
  opened_at: string;
  closed_at: string | null;
}

/** The part of a dispute's amount taken from one order line's earnings (0034). */
export interface DisputeLinesTable {
  dispute_id: string;
  order_line_id: string;
  seller_id: string;
  cents: number;
}

/** A custom work order (docs/decisions/0013): its quote and where its state machine stands. */
export interface CustomWorkTable {
  id: string;
  buyer_id: string;
  seller_id: string;
  product_id: string;
  /** Who sent the quote: the seller, or an admin on their behalf. */
  quoted_by: string;
  scope_html: string;
  price_cents: number;
  status: CustomWorkStatus;
  current_milestone: number;
  revisions_used: number;
  revisions_allowed: number;
  due_at: string;
  auto_release_at: string | null;
  reminded_days: number | null;
  disputed_from: CustomWorkStatus | null;
  dispute_reason: string | null;
  disputed_by: 'buyer' | 'seller' | null;
  disputed_at: string | null;
  resolution_outcome: ResolutionOutcome | null;
  resolution_seller_cents: number | null;
  resolution_buyer_cents: number | null;
  resolution_note: string | null;
  created_at: string;
  updated_at: string;
}

export interface CustomWorkMilestonesTable {
  custom_work_id: string;
  position: number;
  title: string;
  amount_cents: number;
  status: CustomWorkMilestoneState['status'];
  funded_at: string | null;
  finished_at: string | null;
  /** A refund the provider still owes the buyer; cleared once it has made it (`provider_refund_id`). */
  refund_cents: number | null;
  provider_refund_id: string | null;
}

export interface CustomWorkDeliveriesTable {
  id: string;
  custom_work_id: string;
  milestone: number;
  note: string;
  file_key: string;
  file_name: string;
  size_bytes: number;
  analysis_json: string | null;
  diff_json: string | null;
  refused_reason: string | null;
  analysed_at: string | null;
  created_at: string;
}

export interface CustomWorkEventsTable {
  id: string;
  custom_work_id: string;
  at: string;
  by: 'buyer' | 'seller' | 'admin' | 'clock';
  what: string;
  note: string | null;
}

export interface CustomWorkEvidenceTable {
  id: string;
  custom_work_id: string;
  by: 'buyer' | 'seller' | 'admin';
  author_id: string;
  message: string;
  file_key: string | null;
  file_name: string | null;
  content_type: string | null;
  size_bytes: number | null;
  created_at: string;
}

export interface CustomWorkReviewsTable {
  custom_work_id: string;
  product_id: string;
  buyer_id: string;
  rating: number;
  text: string;
  created_at: string;
  updated_at: string;
}

/** A seller's webhook endpoint (docs/decisions/0015); `events` is a JSON array of event types. */
export interface WebhookEndpointsTable {
  id: string;
  seller_id: string;
  url: string;
  events: string;
  /** `whsec_` and base64 of 24 random bytes: it signs, so it is kept as it is (a hash could not sign). */
  secret: string;
  /** The secret before the last rotation, which also signs until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
}

/** The outbox of webhook deliveries: the id is the `webhook-id` header; `payload` the JSON body sent. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  message_id: string;
  event_type: WebhookEventType;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_response_excerpt: string | null;
  claimed_until: string | null;
  claimed_by: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** A person's passkey (docs/decisions/0017); `credential_id` and `public_key` are base64url. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter (0 when it keeps none). */
  counter: number;
  /** JSON array of transports ('internal', 'hybrid', 'usb' …). */
  transports: string;
  /** 'singleDevice' or 'multiDevice' (may be synced). */
  device_type: string;
  /** 0 or 1: a multi-device credential that is backed up. */
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A challenge handed out for one WebAuthn ceremony: single use, until `expires_at`. */
export interface PasskeyChallengesTable {
  id: string;
  purpose: 'registration' | 'authentication';
  user_id: string | null;
  challenge: string;
  expires_at: string;
}
