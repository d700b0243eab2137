import { useQuery } from '@tanstack/react-query';
import {
  apiPath,
  API_PATHS,
  customWorkListSchema,
  customWorkSchema,
  reskinRequestListSchema,
  type CustomWork,
  type CustomWorkStatus,
  type CustomWorkSummary,
} from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { customWorkQueryKeys } from '../queryKeys';

const parseList = (data: unknown): CustomWorkSummary[] => customWorkListSchema.parse(data);

/** GET /api/custom-work/{id}: the order, its deliveries and history, and what the viewer may do now. */
export function useCustomWork(id: string) {
  return useQuery({
    queryKey: customWorkQueryKeys.one(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(API_PATHS.customWork.one, { id }), { signal }, (data): CustomWork => customWorkSchema.parse(data)),
    // A delivery's analysis arrives a moment after the upload.
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => !delivery.analysis && !delivery.refused) ? 2_000 : false),
  });
}

/** GET /api/custom-work/mine: what the user buys or sells; one product's with `productId` (the chat). */
export function useMyCustomWork(productId?: string) {
  const query = productId ? `?productId=${encodeURIComponent(productId)}` : '';
  return useQuery({
    queryKey: productId ? [...customWorkQueryKeys.mine, productId] : customWorkQueryKeys.mine,
    queryFn: ({ signal }) => apiFetch(`${API_PATHS.customWork.mine}${query}`, { signal }, parseList),
  });
}

/** GET /api/custom-work (admins): every order, one status's (the disputes), or one buyer's on one product (the chat). */
export function useAllCustomWork(filter: { status?: CustomWorkStatus; buyerId?: string; productId?: string } = {}, enabled = true) {
  const params = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const query = params.size ? `?${params}` : '';
  return useQuery({
    queryKey:
      filter.buyerId && filter.productId
        ? customWorkQueryKeys.ofChat(filter.buyerId, filter.productId)
        : customWorkQueryKeys.admin(filter.status),
    queryFn: ({ signal }) => apiFetch(`${API_PATHS.customWork.list}${query}`, { signal }, parseList),
    enabled,
  });
}

/** GET /api/custom-work/requests: who asked for a reskin of the seller's products, where a quote may go. */
export function useReskinRequests() {
  return useQuery({
    queryKey: customWorkQueryKeys.requests,
    queryFn: ({ signal }) => apiFetch(API_PATHS.customWork.requests, { signal }, (data) => reskinRequestListSchema.parse(data)),
  });
}

/** A piece of a dispute's evidence, downloaded by the browser with the session cookie. */
export const evidenceFilePath = (id: string, evidenceId: string) => apiPath(API_PATHS.customWork.evidenceFile, { id, evidenceId });

/** The delivery's archive, downloaded by the browser with the session cookie. */
export const deliveryDownloadPath = (id: string, deliveryId: string) => apiPath(API_PATHS.customWork.download, { id, deliveryId });
