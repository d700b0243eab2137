import type { CustomWork } from '@market/contracts';

/** An order as the server answers it, for the feature's tests. */
export function workOf(overrides: Partial<CustomWork> = {}): CustomWork {
  return {
    _id: 'work_000001',
    status: 'quoted',
    product: { _id: 'product_0001', title: 'Space Runner', slug: 'space-runner' },
    buyer: { _id: 'user_alice_01', name: 'Alice Wonderland' },
    seller: { _id: 'user_carol_01', name: 'Carol Seller' },
    scopeHtml: '<p>Swap the sprites</p>',
    priceCents: 25_000,
    dueAt: '2026-12-20T23:59:00.000Z',
    createdAt: '2026-11-20T09:00:00.000Z',
    milestones: [{ title: 'The whole work', amountCents: 25_000, status: 'waiting' }],
    current: 0,
    revisionsUsed: 0,
    revisionsAllowed: 2,
    autoReleaseAt: null,
    escrowCents: 0,
    deliveries: [],
    dispute: null,
    resolution: null,
    events: [],
    evidence: [],
    review: null,
    mayReview: false,
    mayAddEvidence: false,
    role: 'buyer',
    actions: [],
    ...overrides,
  };
}
