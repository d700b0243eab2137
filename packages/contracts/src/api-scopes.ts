import { z } from 'zod';
import { wholeNumber } from './common.js';

/**
 * The public API v1 (docs/decisions/0014): sellers' own programs, authenticated by an API token whose
 * scopes name what it may do. Every scope is listed here once, for the server, the tokens page and
 * the OpenAPI document alike.
 */
export const API_SCOPES = [
  'products:read',
  'products:write',
  'releases:write',
  'sales:read',
  'licences:read',
  'licences:write',
  'reviews:write',
  'statement:read',
  'webhooks:write',
] as const;
export const apiScopeSchema = z.enum(API_SCOPES, { error: 'Choose scopes from the list' });
export type ApiScope = z.infer<typeof apiScopeSchema>;

/** What each scope lets a token do, as the tokens page shows it. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'products:read': 'Read your products',
  'products:write': 'Edit your products',
  'releases:write': 'Publish releases',
  'sales:read': 'Read your sales',
  'licences:read': 'Verify and read licences',
  'licences:write': 'Revoke licences',
  'reviews:write': 'Reply to reviews',
  'statement:read': 'Read your statement',
  'webhooks:write': 'Manage webhooks',
};

/** Tokens made before scopes existed could only verify purchase codes, so that is all they keep. */
export const LEGACY_TOKEN_SCOPES: readonly ApiScope[] = ['licences:read'];

export const TOKEN_EXPIRY_DAYS = { min: 1, max: 730, default: 365 } as const;
/** The choices the tokens page offers; the API takes any whole number of days in the range. */
export const TOKEN_EXPIRY_CHOICES = [30, 90, 365] as const;

export const scopeListSchema = z
  .array(apiScopeSchema, { error: 'Choose at least one scope' })
  .min(1, 'Choose at least one scope')
  .max(API_SCOPES.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, 'Choose each scope once');

export const tokenExpiryDaysSchema = wholeNumber('expiresInDays', TOKEN_EXPIRY_DAYS.min, TOKEN_EXPIRY_DAYS.max).default(
  TOKEN_EXPIRY_DAYS.default,
);
