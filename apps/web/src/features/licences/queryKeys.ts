import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';

/** Licences are bought lines: under the purchases root, so a purchase or a revocation refreshes both. */
export const licenceQueryKeys = {
  all: [PURCHASES_QUERY_ROOT, 'licences'] as const,
  mine: [PURCHASES_QUERY_ROOT, 'licences', 'mine'] as const,
  byCode: (code: string) => [PURCHASES_QUERY_ROOT, 'licences', 'code', code] as const,
  tokens: ['api-tokens'] as const,
};
