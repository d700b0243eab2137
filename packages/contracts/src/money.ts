import { z } from 'zod';
import { idSchema, isoDateTimeSchema, wholeNumber } from './common.js';
import { licenseTypeSchema, roleSchema, withdrawalStatusSchema } from './enums.js';
import { licenceStatusSchema } from './licences.js';

/** Money travels as US dollars (numbers with at most two decimals); the server keeps integer cents. */
const usdSchema = z.number();

/** GET /api/user/earnings: the signed-in seller's figures (docs/product-spec.md §9). */
export const earningsSchema = z
  .object({
    /** Licence prices of sold lines of the seller's products, less refunds. */
    totalEarnings: usdSchema,
    /** totalEarnings plus the reskin prices of those lines (the dashboard's figure). */
    dashboardTotal: usdSchema,
    pendingWithdrawals: usdSchema,
    withdrawn: usdSchema,
    /** totalEarnings − pendingWithdrawals − withdrawn; below zero when refunds came after a withdrawal. */
    availableBalance: usdSchema,
    /** Licence prices given back to buyers: already taken off totalEarnings and dashboardTotal. */
    refunded: usdSchema,
  })
  .meta({ id: 'Earnings' });
export type Earnings = z.infer<typeof earningsSchema>;

/** GET /api/user/sales: the latest sold lines of the signed-in seller's products. */
export const saleSchema = z
  .object({
    purchaseId: idSchema,
    productId: idSchema,
    title: z.string(),
    licenseType: licenseTypeSchema,
    isReskin: z.enum(['true', 'false']),
    price: usdSchema,
    reskinPrice: usdSchema,
    soldAt: isoDateTimeSchema,
    /** Given back to the buyer: its price is off the totals. */
    refunded: z.boolean(),
  })
  .meta({ id: 'Sale' });
export type Sale = z.infer<typeof saleSchema>;
export const saleListSchema = z.array(saleSchema);
export const salesQuerySchema = z.strictObject({ limit: wholeNumber('limit', 1, 50).default(10) });

/** What moved money on a seller's account (docs/decisions/0008), and the words a statement uses for it. */
export const STATEMENT_KIND_LABELS = {
  sale: 'Sale',
  refund: 'Refund',
  withdrawal: 'Withdrawal request',
  reversal: 'Reversal',
  adjustment: 'Adjustment',
  // Paid through Stripe Connect (docs/decisions/0012): a sale's earnings wait out the refund window first.
  maturity: 'Sale available to pay out',
  dispute: 'Dispute',
  payout: 'Payout taken back',
  // docs/decisions/0013: a custom work milestone's money, released from escrow to the seller.
  custom_work: 'Custom work released',
} as const;
export const statementKindSchema = z.enum(Object.keys(STATEMENT_KIND_LABELS) as [keyof typeof STATEMENT_KIND_LABELS]);
export type StatementKind = z.infer<typeof statementKindSchema>;

export const STATEMENT_PAGE_SIZE = 25;

/** GET /api/user/statement: one page, newest first; an admin may name the seller. */
export const statementQuerySchema = z.strictObject({
  limit: wholeNumber('limit', 1, 100).default(STATEMENT_PAGE_SIZE),
  offset: wholeNumber('offset', 0, 10_000_000).default(0),
  userId: idSchema.optional(),
});

/** GET /api/user/statement.csv: every entry; an admin may name the seller. */
export const statementCsvQuerySchema = statementQuerySchema.pick({ userId: true });

/** One entry of a seller's account, in cents, with the balance just after it. */
export const statementEntrySchema = z
  .object({
    at: isoDateTimeSchema,
    kind: statementKindSchema,
    productId: idSchema.nullable(),
    title: z.string().nullable(),
    /**
     * For a sale or its refund: the line's list price and what the seller's discounts (a sale, the
     * seller's code) took off it, as sold; a platform code's part is the platform's, not the seller's.
     */
    listCents: z.number().int().nullable(),
    discountCents: z.number().int().nullable(),
    amountCents: z.number().int(),
    balanceCents: z.number().int(),
  })
  .meta({ id: 'StatementEntry' });
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z
  .object({
    /** Whose account it is: the signed-in seller, or the seller an admin asked for. */
    holder: z.object({ _id: z.string(), name: z.string() }),
    entries: z.array(statementEntrySchema),
    total: z.number().int(),
    /** The account's balance now: the dashboard's available balance, in cents. */
    balanceCents: z.number().int(),
  })
  .meta({ id: 'Statement' });
export type Statement = z.infer<typeof statementSchema>;

export const MAX_WITHDRAW_USD = 1_000_000;

/**
 * A withdrawal amount: a finite positive number of US dollars with at most two decimals. A
 * number or numeric text (form fields send text); anything else (booleans, '', 1e309) is refused
 * rather than coerced.
 */
export const withdrawAmountSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'Enter an amount in US dollars')
        .transform(Number),
    ],
    {
      error: 'Enter an amount in US dollars',
    },
  )
  .refine(Number.isFinite, 'Enter an amount in US dollars')
  .refine((value) => value > 0, 'The amount must be more than 0')
  .refine((value) => value <= MAX_WITHDRAW_USD, `The amount must be at most $${MAX_WITHDRAW_USD}`)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Use at most two decimals for the amount')
  // The decimals rule tolerates float drift, so a tiny positive amount (5e-324) would pass it as 0 cents.
  .refine((value) => value >= 0.01, 'The amount must be at least $0.01');

/** POST /api/withdraw/withdrawDetil. `userId` is accepted for clients written to docs/product-spec.md and ignored: the session decides. */
export const withdrawRequestBodySchema = z.strictObject({
  email: z
    .string({ error: 'Enter your PayPal email' })
    .trim()
    .min(1, 'Enter your PayPal email')
    .max(254, 'The email is too long')
    .pipe(z.email('Enter a valid PayPal email address')),
  withdrawAmount: withdrawAmountSchema,
  userId: z.unknown().optional(),
});
export type WithdrawRequestBody = z.input<typeof withdrawRequestBodySchema>;

export const personRefSchema = z.object({ _id: idSchema, name: z.string(), email: z.string() });

export const withdrawalSchema = z
  .object({
    _id: idSchema,
    userId: idSchema,
    /** The PayPal email to pay to. */
    email: z.string(),
    withdrawAmount: usdSchema,
    /** What the seller receives once the 8% fee is taken (the admin's figure). */
    payoutAmount: usdSchema,
    status: withdrawalStatusSchema,
    createdAt: isoDateTimeSchema,
    paidAt: isoDateTimeSchema.nullable(),
    /** The seller's name and account email: in the admin's lists only. */
    seller: personRefSchema.optional(),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalListSchema = z.array(withdrawalSchema);

/** GET /api/withdraw/allWithdrawls?status=Pending&userId=… (a User may only name themself). */
export const withdrawalListQuerySchema = z.strictObject({
  status: withdrawalStatusSchema.optional(),
  userId: idSchema.optional(),
});

/** 201 of POST /api/withdraw/withdrawDetil (docs/product-spec.md §8). */
export const withdrawResultSchema = z.object({
  title: z.literal('Withdrawl Successfull'),
  message: z.literal('Withdrawl request has been send successfully'),
  withdrawal: withdrawalSchema,
});
export type WithdrawResult = z.infer<typeof withdrawResultSchema>;

/** 400 of POST /api/withdraw/withdrawDetil when the amount exceeds the balance (docs/product-spec.md §5). */
export const insufficientBalanceSchema = z.object({
  message: z.literal('Insufficient Balance'),
  detail: z.literal('You do not have enough balance to withdraw this amount.'),
  availableBalance: usdSchema,
});
export const INSUFFICIENT_BALANCE = {
  message: 'Insufficient Balance',
  detail: 'You do not have enough balance to withdraw this amount.',
} as const;

/** 200 of PUT /api/withdraw/updateStatus/{id} (docs/product-spec.md §8). */
export const withdrawalPaidSchema = z.object({
  title: z.literal('Withdrawal Successful'),
  message: z.literal('Withdrawal status updated'),
  withdrawal: withdrawalSchema,
});

/* ---------- People: the admin's users, purchasers and sellers ---------- */

export const PEOPLE_PAGE_SIZE = 20;

/** ?page=1&pageSize=20&search=text — search matches name or email, case-insensitively. */
export const peopleQuerySchema = z.strictObject({
  page: wholeNumber('page', 1, 100_000).default(1),
  pageSize: wholeNumber('pageSize', 1, 100).default(PEOPLE_PAGE_SIZE),
  search: z.string().trim().max(100, 'Search text is at most 100 characters').default(''),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const personSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    number: z.string(),
    role: roleSchema,
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'Person' });
export const personPageSchema = pageOf(personSchema);
export type Person = z.infer<typeof personSchema>;

export const purchaserSchema = personSchema
  .extend({
    purchaseCount: z.number().int(),
    totalSpent: usdSchema,
    lastPurchaseAt: isoDateTimeSchema,
  })
  .meta({ id: 'Purchaser' });
export const purchaserPageSchema = pageOf(purchaserSchema);
export type Purchaser = z.infer<typeof purchaserSchema>;

export const sellerSchema = personSchema
  .extend({
    productCount: z.number().int(),
    salesCount: z.number().int(),
    /** Licence prices of sold lines of their products (the earnings figure of docs/product-spec.md §9). */
    earnings: usdSchema,
  })
  .meta({ id: 'Seller' });
export const sellerPageSchema = pageOf(sellerSchema);
export type Seller = z.infer<typeof sellerSchema>;

/** GET /api/user/purchasers/{id}/purchases: one purchaser's purchases, newest first. */
export const purchaserPurchaseSchema = z
  .object({
    _id: idSchema,
    amountPaid: usdSchema,
    transactionId: z.string(),
    createdAt: isoDateTimeSchema,
    products: z.array(
      z.object({
        productId: idSchema,
        title: z.string(),
        licenseType: licenseTypeSchema,
        isReskin: z.enum(['true', 'false']),
        price: usdSchema,
        licenceStatus: licenceStatusSchema,
        /** When the line was refunded, or null. */
        refundedAt: isoDateTimeSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'PurchaserPurchase' });
export const purchaserPurchaseListSchema = z.array(purchaserPurchaseSchema);
export type PurchaserPurchase = z.infer<typeof purchaserPurchaseSchema>;
