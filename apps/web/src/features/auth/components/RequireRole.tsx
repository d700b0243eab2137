import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@market/contracts';
import { PageSpinner } from '@/components/PageSpinner';
import { useSession } from '../useSession';

/**
 * Keeps the panels to their role: visitors and signed-in users of the other role go to /Login
 * (where they can sign in with an account that may enter). Only a convenience for the browser:
 * the server checks the role of every panel call itself.
 */
export function RequireRole({ requiredRole, children }: { requiredRole: Role; children: ReactNode }) {
  const { user, restoring } = useSession();
  const location = useLocation();

  if (restoring) return <PageSpinner label="Checking your session…" />;
  if (!user || user.role !== requiredRole) return <Navigate to="/Login" replace state={{ from: location.pathname }} />;
  return children;
}
