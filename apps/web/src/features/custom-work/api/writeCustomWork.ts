import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  API_PATHS,
  customWorkSchema,
  type CustomWork,
  type CustomWorkQuoteBody,
  type CustomWorkResolveBody,
} from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { customWorkQueryKeys } from '../queryKeys';

const parse = (data: unknown): CustomWork => customWorkSchema.parse(data);

/** POST /api/custom-work: a quote to a buyer who asked for a reskin of the product. */
export const sendQuote = (body: CustomWorkQuoteBody) => apiFetch(API_PATHS.customWork.list, { body: { ...body } }, parse);

/** The steps of an order, its dispute's evidence and its review: each answered with the order as it now stands. */
export type CustomWorkStep =
  | { step: 'accept' | 'acceptDelivery' }
  | { step: 'requestChanges'; note: string }
  | { step: 'cancel'; reason?: string }
  | { step: 'dispute'; reason: string }
  | { step: 'resolve'; body: CustomWorkResolveBody }
  | { step: 'deliver'; form: FormData }
  | { step: 'evidence'; form: FormData }
  | { step: 'review'; rating: number; text: string };

export function takeStep(id: string, action: CustomWorkStep): Promise<CustomWork> {
  const paths = API_PATHS.customWork;
  switch (action.step) {
    case 'accept':
      return apiFetch(apiPath(paths.accept, { id }), { method: 'POST' }, parse);
    case 'acceptDelivery':
      return apiFetch(apiPath(paths.acceptDelivery, { id }), { method: 'POST' }, parse);
    case 'requestChanges':
      return apiFetch(apiPath(paths.requestChanges, { id }), { body: { note: action.note } }, parse);
    case 'cancel':
      return apiFetch(apiPath(paths.cancel, { id }), { body: action.reason ? { reason: action.reason } : {} }, parse);
    case 'dispute':
      return apiFetch(apiPath(paths.dispute, { id }), { body: { reason: action.reason } }, parse);
    case 'resolve':
      return apiFetch(apiPath(paths.resolve, { id }), { body: { ...action.body } }, parse);
    case 'deliver':
      return apiFetch(apiPath(paths.deliver, { id }), { body: action.form }, parse);
    case 'evidence':
      return apiFetch(apiPath(paths.evidence, { id }), { body: action.form }, parse);
    case 'review':
      return apiFetch(apiPath(paths.review, { id }), { method: 'PUT', body: { rating: action.rating, text: action.text } }, parse);
  }
}

/** A step of one order; the order's read takes the answer, and every custom work list refreshes. */
export function useCustomWorkStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CustomWorkStep) => takeStep(id, action),
    onSuccess: (work) => {
      queryClient.setQueryData(customWorkQueryKeys.one(id), work);
      void queryClient.invalidateQueries({ queryKey: customWorkQueryKeys.all });
    },
  });
}

export function useSendQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customWorkQueryKeys.all }),
  });
}
