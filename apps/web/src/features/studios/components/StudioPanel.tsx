import { useId, useState } from 'react';
import { QueryView } from '@/components/query-view';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { showNotice } from '@/components/notice/notices';
import { useCreateStudio } from '../api/createStudio';
import { useMembers } from '../api/members';
import { AuditLog } from './AuditLog';
import { InviteForm } from './InviteForm';
import { MembersTable } from './MembersTable';
import '../studios.css';

/** /userPanel/studio: turn one's account into a studio, its members, invitations and audit log (docs/decisions/0018). */
export function StudioPanel() {
  const query = useMembers();
  // Making the studio replaces its form, taking the focused button with it: focus goes to the
  // paragraph that says whose studio it is now, once it is drawn.
  const [justMade, setJustMade] = useState(false);
  return (
    <>
      <NoticeRegion />
      <QueryView query={query} loadingLabel="Loading your studio…">
        {(studio) =>
          studio ? (
            <>
              <p className="studio-intro" tabIndex={-1} ref={justMade ? focusOnMount : undefined}>
                You are <strong>{roleLabel(studio.role)}</strong> of <strong>{studio.studio.name}</strong>. Members act for the studio with
                the powers of their role; every change they make is written in the audit log below.
              </p>
              <MembersTable studio={studio} />
              {studio.role === 'owner' || studio.role === 'admin' ? (
                <>
                  <InviteForm />
                  <AuditLog />
                </>
              ) : null}
            </>
          ) : (
            <MakeStudio onMade={() => setJustMade(true)} />
          )
        }
      </QueryView>
    </>
  );
}

const focusOnMount = (element: HTMLElement | null) => element?.focus();

const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

function MakeStudio({ onMade }: { onMade: () => void }) {
  const create = useCreateStudio();
  const introId = useId();
  return (
    <div className="studio-make">
      <h2 className="h5">Work as a team</h2>
      <p id={introId}>
        Turn your account into a studio and invite people to work on it in roles: Admin, Developer, Support or Viewer. Your products,
        earnings, API tokens and webhooks stay where they are: they belong to the studio, and you stay its owner.
      </p>
      <FormError message={create.error?.message} />
      <ConfirmButton
        label="Turn my account into a studio"
        confirmLabel="Yes, make it a studio"
        describedBy={introId}
        pending={create.isPending}
        tone="go"
        onConfirm={() =>
          create.mutate(undefined, {
            onSuccess: (made) => {
              showNotice(`${made.name} is now a studio`);
              onMade();
            },
          })
        }
      />
    </div>
  );
}
