import { Link, useLocation } from 'react-router';
import type { SessionUser } from '@market/contracts';
import { intendedPath } from '../intendedPath';

/** /Login for someone already signed in (after sign-up, or a second visit): no second login. */
export function AlreadySignedIn({ user }: { user: SessionUser }) {
  const location = useLocation();
  return (
    <div className="text-center">
      <p className="mb-1 fw-semibold">Your account is ready.</p>
      <p className="text-secondary">You are signed in as {user.email}.</p>
      <Link to={intendedPath(location.state)} className="btn btn-primary">
        Continue
      </Link>
    </div>
  );
}
