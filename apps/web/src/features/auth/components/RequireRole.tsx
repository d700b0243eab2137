import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@market/contracts';
import { useSession } from '../useSession';

/** Keyed by the role an area requires: where a signed-in user of the other role goes instead. */
const REDIRECT_FOR_WRONG_ROLE: Record<Role, string> = {
  User: '/adminPanel/all-users',
  Admin: '/',
};

/**
 * Keeps the panels to their role. Only a convenience for the browser: the server checks the
 * role of every panel call itself.
 */
export function RequireRole({ requiredRole, children }: { requiredRole: Role; children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();

  if (!user) return <Navigate to="/Login" replace state={{ from: location.pathname }} />;
  if (user.role !== requiredRole) return <Navigate to={REDIRECT_FOR_WRONG_ROLE[requiredRole]} replace />;
  return children;
}
