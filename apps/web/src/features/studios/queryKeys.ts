/** The studio's members, its audit log and the person's studios: every write refreshes them. */
export const studioQueryKeys = {
  all: ['studio'] as const,
  members: ['studio', 'members'] as const,
  audit: ['studio', 'audit'] as const,
  mine: ['studio', 'mine'] as const,
};
