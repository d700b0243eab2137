import type { SessionUser } from '@market/contracts';

/** An endpoint and its deliveries are their seller's alone: nobody else, admins included, sees its secret or payloads. */
export const ownsEndpoint = (actor: SessionUser, endpoint: { seller_id: string }) => actor._id === endpoint.seller_id;
