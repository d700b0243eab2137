import { useQuery } from '@tanstack/react-query';
import { apiPath, API_PATHS, type Bundle } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseBundle, parseBundleList } from '../parse';
import { bundleQueryKeys } from '../queryKeys';

/** GET /api/bundle: the signed-in seller's bundles, for sale or not, newest first. */
export function getMyBundles(signal?: AbortSignal): Promise<Bundle[]> {
  return apiFetch(API_PATHS.bundle.list, signal ? { signal } : {}, parseBundleList);
}

export function useMyBundles() {
  return useQuery({ queryKey: bundleQueryKeys.mine, queryFn: ({ signal }) => getMyBundles(signal) });
}

/** GET /api/bundle/{id}: a bundle for sale (its seller sees it always); 404 once it is not. */
export function getBundle(id: string, signal?: AbortSignal): Promise<Bundle> {
  return apiFetch(apiPath(API_PATHS.bundle.one, { id }), signal ? { signal } : {}, parseBundle);
}

export function useBundle(id: string) {
  return useQuery({ queryKey: bundleQueryKeys.one(id), queryFn: ({ signal }) => getBundle(id, signal) });
}

/** GET /api/bundle?productId= or ?portfolio=: the bundles for sale holding the product, or one of the portfolio's. */
export function useBundlesOf(of: { productId: string } | { portfolio: string }) {
  const query = 'productId' in of ? `productId=${encodeURIComponent(of.productId)}` : `portfolio=${encodeURIComponent(of.portfolio)}`;
  return useQuery({
    queryKey: 'productId' in of ? bundleQueryKeys.ofProduct(of.productId) : bundleQueryKeys.ofPortfolio(of.portfolio),
    queryFn: ({ signal }) => apiFetch(`${API_PATHS.bundle.list}?${query}`, { signal }, parseBundleList),
  });
}
