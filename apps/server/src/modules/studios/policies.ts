import { type StudioCapability, type StudioRole, studioRoleCan } from '@market/contracts';

/** The roles' powers are the contracts' table (docs/decisions/0018); these are its questions, one line each. */
export const can = (role: StudioRole, capability: StudioCapability) => studioRoleCan(role, capability);
export const canManageMembers = (role: StudioRole) => can(role, 'members');
export const canReadAudit = (role: StudioRole) => can(role, 'members');
/** Nobody changes or removes the owner through the members' calls: the owner is the account's holder. */
export const isOwnerRow = (member: { role: StudioRole }) => member.role === 'owner';
