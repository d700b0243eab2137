import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { STUDIO_ROLE_LABELS } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { PageSpinner } from '@/components/PageSpinner';
import { useSession } from '@/features/auth';
import { useAcceptInvitation } from '../api/acceptInvitation';
import { useSetActiveStudio } from '../api/setActiveStudio';

/** /studio/invitations/{token}: a signed-in person with the invited email joins the studio; visitors sign in or up first. */
export function AcceptInvitation({ token }: { token: string }) {
  const { user, restoring } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const act = useSetActiveStudio();
  const result = useRef<HTMLHeadingElement>(null);
  const joined = accept.data;

  useEffect(() => {
    if (joined) result.current?.focus();
  }, [joined]);

  if (restoring) return <PageSpinner label="Checking your session…" />;
  if (!user) {
    const from = { from: `${location.pathname}${location.search}` };
    return (
      <div className="studio-accept">
        <p>You were invited to join a studio. Sign in with the email address the invitation was sent to, or sign up with it first.</p>
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-primary" to="/Login" state={from}>
            Sign in to accept
          </Link>
          <Link className="btn btn-outline-primary" to="/sign-up" state={from}>
            Sign up
          </Link>
        </div>
      </div>
    );
  }
  if (joined) {
    return (
      <div className="studio-accept">
        <h2 ref={result} tabIndex={-1} className="h5">
          You joined {joined.studio.name} as {STUDIO_ROLE_LABELS[joined.role]}
        </h2>
        <p>Act for the studio from “Act as” in the header’s menu whenever you work on it; act as yourself the rest of the time.</p>
        <FormError message={act.error?.message} />
        <button
          type="button"
          className="btn btn-primary"
          disabled={act.isPending}
          onClick={() => act.mutate(joined.studio.id, { onSuccess: () => navigate('/userPanel/studio') })}
        >
          Act for {joined.studio.name} now
        </button>
      </div>
    );
  }
  return (
    <div className="studio-accept">
      <p>
        Signed in as <strong>{user.name}</strong> ({user.email}). Accept the invitation to join the studio with the role it names.
      </p>
      <FormError message={accept.error?.message} />
      <button type="button" className="btn btn-primary" disabled={accept.isPending} onClick={() => accept.mutate(token)}>
        Accept the invitation
      </button>
    </div>
  );
}
