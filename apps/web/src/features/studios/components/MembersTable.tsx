import { useRef } from 'react';
import {
  INVITABLE_STUDIO_ROLES,
  type InvitableStudioRole,
  STUDIO_ROLE_LABELS,
  type StudioMember,
  type StudioMembers,
} from '@market/contracts';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { TableScroll } from '@/components/TableScroll';
import { formatDate } from '@/lib/format';
import { useRemoveMember } from '../api/removeMember';
import { useUpdateMember } from '../api/updateMember';

const MEMBERS_TITLE_ID = 'studio-members-title';

/** The members with their roles, and the pending invitations; those who manage members change roles and remove. */
export function MembersTable({ studio }: { studio: StudioMembers }) {
  const manages = studio.role === 'owner' || studio.role === 'admin';
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const title = useRef<HTMLHeadingElement>(null);
  const removeOne = (id: string, what: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        showNotice(`${what} removed`);
        // The row and its buttons are gone: the list's heading takes the focus.
        title.current?.focus();
      },
    });
  return (
    <>
      <h2 id={MEMBERS_TITLE_ID} ref={title} tabIndex={-1} className="h5 mt-3">
        Members
      </h2>
      <FormError message={update.error?.message ?? remove.error?.message} />
      <TableScroll label="Members">
        <table className="table align-middle studio-table" aria-labelledby={MEMBERS_TITLE_ID}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              {manages && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {studio.members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                manages={manages}
                pending={update.isPending || remove.isPending}
                onRole={(role) =>
                  update.mutate(
                    { userId: member.userId, role },
                    { onSuccess: () => showNotice(`${member.name} is now ${STUDIO_ROLE_LABELS[role]}`) },
                  )
                }
                onRemove={() => removeOne(member.userId, member.name)}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
      {manages && (
        <>
          <h2 className="h5 mt-4" id="studio-invitations-title">
            Pending invitations
          </h2>
          {studio.invitations.length === 0 ? (
            <p className="empty-state">No pending invitations</p>
          ) : (
            <TableScroll label="Pending invitations">
              <table className="table align-middle studio-table" aria-labelledby="studio-invitations-title">
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Invited by</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {studio.invitations.map((invitation) => (
                    <tr key={invitation.id}>
                      <td id={`invitation-${invitation.id}`}>{invitation.email}</td>
                      <td>{STUDIO_ROLE_LABELS[invitation.role]}</td>
                      <td>{invitation.invitedBy}</td>
                      <td>{formatDate(invitation.expiresAt)}</td>
                      <td>
                        <ConfirmButton
                          label="Withdraw"
                          confirmLabel="Yes, withdraw"
                          describedBy={`invitation-${invitation.id}`}
                          pending={remove.isPending}
                          onConfirm={() => removeOne(invitation.id, `The invitation of ${invitation.email}`)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </>
  );
}

interface MemberRowProps {
  member: StudioMember;
  manages: boolean;
  pending: boolean;
  onRole: (role: InvitableStudioRole) => void;
  onRemove: () => void;
}

function MemberRow({ member, manages, pending, onRole, onRemove }: MemberRowProps) {
  const nameId = `member-${member.userId}`;
  const isOwner = member.role === 'owner';
  return (
    <tr>
      <td id={nameId}>{member.name}</td>
      <td>{member.email}</td>
      <td>
        {manages && !isOwner ? (
          <>
            <label className="visually-hidden" htmlFor={`role-${member.userId}`}>
              Role of {member.name}
            </label>
            <select
              id={`role-${member.userId}`}
              className="form-select form-select-sm"
              value={member.role}
              disabled={pending}
              onChange={(event) => onRole(event.target.value as InvitableStudioRole)}
            >
              {INVITABLE_STUDIO_ROLES.map((role) => (
                <option key={role} value={role}>
                  {STUDIO_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </>
        ) : (
          STUDIO_ROLE_LABELS[member.role]
        )}
      </td>
      <td>{formatDate(member.addedAt)}</td>
      {manages && (
        <td>
          {isOwner ? (
            <span className="text-body-secondary">Owner</span>
          ) : (
            <ConfirmButton label="Remove" confirmLabel="Yes, remove" describedBy={nameId} pending={pending} onConfirm={onRemove} />
          )}
        </td>
      )}
    </tr>
  );
}
