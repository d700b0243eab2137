import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';

export const productQueryKeys = {
  all: [PRODUCTS_QUERY_ROOT] as const,
  detail: (id: string) => [PRODUCTS_QUERY_ROOT, 'detail', id] as const,
};
