export const hireKeys = {
  all: ['hire-requests'] as const,
  byId: (id: string) => ['hire-requests', id] as const,
};
