/** The seller's webhook endpoints and each one's deliveries: every write refreshes them. */
export const webhookQueryKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
};
