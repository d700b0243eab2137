/** The reconciliation's one read: running it answers the new state, which replaces it. */
export const reconciliationQueryKeys = {
  status: () => ['reconciliation', 'status'] as const,
};
