/** Every notifications query: a notice read or arriving refreshes the bell and the page alike. */
export const notificationQueryKeys = {
  all: ['notifications'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
};
