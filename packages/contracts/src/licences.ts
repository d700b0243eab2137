import { z } from 'zod';
import { idSchema, INVISIBLE_CHARACTERS, isoDateTimeSchema, visibleLine } from './common.js';
import { licenseTypeSchema } from './enums.js';
import { appStoreLinkSchema, googlePlayLinkSchema } from './rules/links.js';
import { apiScopeSchema, scopeListSchema, tokenExpiryDaysSchema } from './api-scopes.js';

export const LICENCE_STATUSES = ['Active', 'Revoked'] as const;
export const licenceStatusSchema = z.enum(LICENCE_STATUSES);
export type LicenceStatus = z.infer<typeof licenceStatusSchema>;

const PURCHASE_CODE_MESSAGE = 'A purchase code looks like 3f2b6c1e-8a4d-4f0e-9b7a-2c5d1e6f7a8b: 36 letters, digits and dashes';
/** A purchase code: a random UUID v4, unrelated to any id; stored in lower case, found in any case. */
export const purchaseCodeSchema = z
  .string({ error: PURCHASE_CODE_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(z.uuidv4({ error: PURCHASE_CODE_MESSAGE }));
export const licenceParamsSchema = z.strictObject({ code: purchaseCodeSchema });
export const licenceAppParamsSchema = z.strictObject({ code: purchaseCodeSchema, appId: idSchema });

export const UNKNOWN_PURCHASE_CODE_MESSAGE = 'Unknown purchase code';
export const LICENCE_NOT_FOUND_MESSAGE = 'Licence not found';
export const LICENCE_REVOKED_MESSAGE = 'This licence has been revoked';
export const LICENCE_APP_NOT_FOUND_MESSAGE = 'This app is not registered to the licence';
export const APP_ALREADY_REGISTERED_MESSAGE = 'An app with this bundle id is already registered to this licence';
export const MAX_APPS_PER_LICENCE = 100;
export const LICENCE_FULL_MESSAGE = `A licence holds at most ${MAX_APPS_PER_LICENCE} apps; contact us if you need more`;
export const STORE_URL_OF_OTHER_APP_MESSAGE = 'This Google Play address is of another app: its id must be the bundle id';
export const singleAppTakenMessage = (appName: string) =>
  `This Single App License is already registered to ${appName}. Upgrade it to a Multi App License to use the code in more apps.`;

/** Single → Multi upgrades (docs/decisions/0010): the refusals of POST /api/licence/{code}/upgrade. */
export const UPGRADE_MESSAGES = {
  alreadyMulti: 'This licence is already a Multi App License',
  notForSale: 'This product is no longer for sale, so its licences cannot be upgraded',
  alreadyPaid: 'An upgrade of this licence has been paid already; it shows on your licences page in a moment',
  checkoutOpen: 'An upgrade of this licence is being paid in another window; finish it there or try again in a minute',
} as const;

/** com.studio.game: dot-separated names, each starting with a letter (Android's rule; iOS also allows dashes). */
export const bundleIdSchema = z
  .string({ error: 'Enter the package or bundle id, e.g. com.studio.game' })
  .trim()
  .max(155, 'A bundle id is at most 155 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*)+$/, 'Enter the package or bundle id in reverse-DNS form, e.g. com.studio.game');

const appNameSchema = visibleLine('Enter the app’s name', 120, 'An app name is at most 120 characters');

export const STORE_URL_MESSAGE = 'Enter a Google Play or App Store address of the app, or leave it empty';
/** A Google Play or App Store address; an empty one means none. */
const storeUrlSchema = z
  .string()
  .trim()
  .max(2000, 'A link is at most 2000 characters')
  .refine(
    (value) => value === '' || googlePlayLinkSchema.safeParse(value).success || appStoreLinkSchema.safeParse(value).success,
    STORE_URL_MESSAGE,
  )
  .transform((value) => value || null)
  .nullable()
  .optional();

/** A Google Play address names its app's id; it must be the registered bundle id. App Store ids are numbers, not checked. */
export function isStoreUrlOfOtherApp(storeUrl: string | null | undefined, bundleId: string): boolean {
  // An address that is no URL at all is the store address rule's to refuse, not this one's to throw on.
  if (!storeUrl || !URL.canParse(storeUrl)) return false;
  const url = new URL(storeUrl);
  return url.hostname === 'play.google.com' && url.searchParams.get('id')?.toLowerCase() !== bundleId.toLowerCase();
}

/** POST /api/licence/{code}/apps */
export const registerAppBodySchema = z
  .strictObject({ appName: appNameSchema, bundleId: bundleIdSchema, storeUrl: storeUrlSchema })
  .refine((body) => !isStoreUrlOfOtherApp(body.storeUrl, body.bundleId), { message: STORE_URL_OF_OTHER_APP_MESSAGE, path: ['storeUrl'] });
export type RegisterAppBody = z.input<typeof registerAppBodySchema>;

export const BUNDLE_ID_FIXED_MESSAGE = 'The bundle id of a registered app cannot be changed; register the new app instead';
/** PUT /api/licence/{code}/apps/{appId}: the name and the store address; the bundle id stays. */
export const updateAppBodySchema = z
  .strictObject({
    appName: appNameSchema.optional(),
    storeUrl: storeUrlSchema,
    bundleId: z.never({ error: BUNDLE_ID_FIXED_MESSAGE }).optional(),
  })
  .refine((body) => body.appName !== undefined || body.storeUrl !== undefined, 'Send the new app name or store address');
export type UpdateAppBody = z.input<typeof updateAppBodySchema>;

/** A reason may run over lines, but holds no other invisible characters and some visible ones. */
const reasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(500, 'A reason is at most 500 characters')
  .refine(
    (value) => !INVISIBLE_CHARACTERS.test(value.replace(/\r?\n/g, ' ')),
    'Use visible characters only: no tabs or invisible characters',
  );
/** DELETE /api/licence/{code}/apps/{appId} and PUT /api/licence/{code}/revoke (Admin only). */
export const reasonBodySchema = z.strictObject({ reason: reasonSchema });
export type ReasonBody = z.infer<typeof reasonBodySchema>;

export const registeredAppSchema = z
  .object({
    _id: idSchema,
    appName: z.string(),
    bundleId: z.string(),
    storeUrl: z.string().nullable(),
    registeredAt: isoDateTimeSchema,
  })
  .meta({ id: 'RegisteredApp' });
export type RegisteredApp = z.infer<typeof registeredAppSchema>;

export const licenceSchema = z
  .object({
    purchaseCode: z.string(),
    licenseType: licenseTypeSchema,
    status: licenceStatusSchema,
    revokedReason: z.string().nullable(),
    purchaseId: idSchema,
    purchasedAt: isoDateTimeSchema,
    buyer: z.object({ _id: idSchema, name: z.string() }),
    product: z.object({ _id: idSchema, title: z.string(), slug: z.string(), thumbnail: z.string() }),
    registeredApps: z.array(registeredAppSchema),
    /**
     * What upgrading this Single App License to a Multi App License costs today (USD: the difference
     * of the listed prices, and of today's prices with a running sale; docs/decisions/0010), or null
     * when it cannot be upgraded: Multi already, revoked, or its product no longer for sale.
     */
    upgrade: z.object({ listPrice: z.number(), price: z.number() }).nullable(),
  })
  .meta({ id: 'Licence' });
export type Licence = z.infer<typeof licenceSchema>;
export const licenceListSchema = z.array(licenceSchema);

/** POST /api/licence/{code}/upgrade: like create-payment-intent, an `amount` (cents) the server's must equal. */
export const upgradeLicenceBodySchema = z.strictObject({
  amount: z
    .number({ error: 'The amount is in whole cents' })
    .int('The amount is in whole cents')
    .min(0, 'The amount cannot be negative')
    .optional(),
  currency: z.literal('usd'),
});
export type UpgradeLicenceBody = z.infer<typeof upgradeLicenceBodySchema>;

/** GET /api/licence/verify?code= (a seller's API token in Authorization: Bearer). */
export const verifyQuerySchema = z.strictObject({
  code: purchaseCodeSchema.meta({ example: '3f2b6c1e-8a4d-4f0e-9b7a-2c5d1e6f7a8b' }),
});

export const verificationSchema = z
  .object({
    valid: z.boolean(),
    status: licenceStatusSchema,
    product: z.object({ _id: idSchema, title: z.string() }),
    licenseType: licenseTypeSchema,
    purchasedAt: isoDateTimeSchema,
    buyer: z.object({ name: z.string() }),
    registeredApps: z.array(z.object({ appName: z.string(), bundleId: z.string(), storeUrl: z.string().nullable() })),
  })
  .meta({ id: 'LicenceVerification' });
export type LicenceVerification = z.infer<typeof verificationSchema>;

export const MAX_LIVE_API_TOKENS = 10;
export const TOO_MANY_TOKENS_MESSAGE = `You can keep at most ${MAX_LIVE_API_TOKENS} API tokens; revoke one you no longer use first`;
export const TOKEN_NOT_FOUND_MESSAGE = 'API token not found';
export const INVALID_TOKEN_MESSAGE = 'Send a live API token as Authorization: Bearer <token>';

/** POST /api/licence/tokens */
export const createTokenBodySchema = z.strictObject({
  name: visibleLine('Name the token, e.g. the game server that uses it', 80, 'A token name is at most 80 characters'),
  /** What the token may do (docs/decisions/0014): a call outside them answers 403 naming the scope. */
  scopes: scopeListSchema,
  /** Days until the token stops working; a year unless said otherwise. */
  expiresInDays: tokenExpiryDaysSchema,
});
export type CreateTokenInput = z.input<typeof createTokenBodySchema>;
export type CreateTokenBody = z.infer<typeof createTokenBodySchema>;

export const apiTokenSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    scopes: z.array(apiScopeSchema),
    createdAt: isoDateTimeSchema,
    expiresAt: isoDateTimeSchema,
    /** Written at most once a minute, so it is the last use to the minute. */
    lastUsedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

/** The only answer that holds the token itself. */
export const createdTokenSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    token: z.string(),
    scopes: z.array(apiScopeSchema),
    createdAt: isoDateTimeSchema,
    expiresAt: isoDateTimeSchema,
  })
  .meta({ id: 'CreatedApiToken' });
export type CreatedToken = z.infer<typeof createdTokenSchema>;
