/** The signed-in person's passkeys: every write refreshes them. */
export const passkeyQueryKeys = {
  all: ['passkeys'] as const,
};
