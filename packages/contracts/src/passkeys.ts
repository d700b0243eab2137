import { z } from 'zod';
import { idSchema, isoDateTimeSchema, visibleLine } from './common.js';

/** A passkey's name, as its owner reads it in their list. */
export const MAX_PASSKEY_NAME_LENGTH = 60;

export const passkeyNameSchema = visibleLine(
  'Enter a name for the passkey',
  MAX_PASSKEY_NAME_LENGTH,
  `A name has at most ${MAX_PASSKEY_NAME_LENGTH} characters`,
);

/** Binary values of the WebAuthn calls travel as base64url text (no padding). */
const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url text')
  .max(16_384);

const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/**
 * The client extension outputs a browser may answer to the options we send (`credProps` is asked
 * by the registration options); anything else is refused like any unknown field.
 */
const clientExtensionResultsSchema = z.strictObject({
  appid: z.boolean().optional(),
  credProps: z.strictObject({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});

/** navigator.credentials.create()'s answer as JSON (WebAuthn Level 3 `RegistrationResponseJSON`). */
export const passkeyRegistrationResponseSchema = z.strictObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
  response: z.strictObject({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    authenticatorData: base64url.optional(),
    transports: z.array(transportSchema).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** navigator.credentials.get()'s answer as JSON (WebAuthn Level 3 `AuthenticationResponseJSON`). */
export const passkeyAuthenticationResponseSchema = z.strictObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
  response: z.strictObject({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

/** POST /api/user/passkeys/registration/verify: the browser's answer, and a name (else one from the device). */
export const passkeyRegistrationBodySchema = z.strictObject({
  response: passkeyRegistrationResponseSchema,
  name: passkeyNameSchema.optional(),
});
export type PasskeyRegistrationBody = z.infer<typeof passkeyRegistrationBodySchema>;

/** POST /api/user/passkeys/authentication/verify */
export const passkeyAuthenticationBodySchema = z.strictObject({ response: passkeyAuthenticationResponseSchema });
export type PasskeyAuthenticationBody = z.infer<typeof passkeyAuthenticationBodySchema>;

/** PUT /api/user/passkeys/{id} */
export const passkeyRenameBodySchema = z.strictObject({ name: passkeyNameSchema });
export type PasskeyRenameBody = z.infer<typeof passkeyRenameBodySchema>;

const credentialDescriptorSchema = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() });

/** Options for navigator.credentials.create() as JSON (`PublicKeyCredentialCreationOptionsJSON`). */
export const passkeyCreationOptionsSchema = z
  .looseObject({
    challenge: z.string(),
    rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
    user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.looseObject({ type: z.literal('public-key'), alg: z.number() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptorSchema).optional(),
    authenticatorSelection: z.looseObject({}).optional(),
    attestation: z.string().optional(),
    extensions: z.looseObject({}).optional(),
  })
  .meta({ id: 'PasskeyCreationOptions' });
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** Options for navigator.credentials.get() as JSON (`PublicKeyCredentialRequestOptionsJSON`). */
export const passkeyRequestOptionsSchema = z
  .looseObject({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(credentialDescriptorSchema).optional(),
    userVerification: z.string().optional(),
    extensions: z.looseObject({}).optional(),
  })
  .meta({ id: 'PasskeyRequestOptions' });
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

export const passkeySchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    createdAt: isoDateTimeSchema,
    lastUsedAt: isoDateTimeSchema.nullable(),
    /** Synced between the owner's devices (a multi-device credential that is backed up). */
    backedUp: z.boolean(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) }).meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyIdParamsSchema = z.strictObject({ id: idSchema });
