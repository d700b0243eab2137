/** The Security page's queries (docs/decisions/0016). */
export const securityQueryKeys = {
  all: ['security'] as const,
  status: ['security', 'two-factor'] as const,
  sessions: ['security', 'sessions'] as const,
};
