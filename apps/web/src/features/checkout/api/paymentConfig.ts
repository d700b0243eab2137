import { useQuery } from '@tanstack/react-query';
import { API_PATHS, paymentConfigSchema, type PaymentConfig } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** GET /api/payment/config: which card form the checkout shows (simulated or Stripe). */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiFetch(API_PATHS.payment.config, signal ? { signal } : {}, (data) => paymentConfigSchema.parse(data));
}

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payment', 'config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });
}
