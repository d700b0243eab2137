import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@market/contracts';
import { PageSpinner } from '@/components/PageSpinner';
import { useSession } from '../useSession';
import { NotForYourAccount } from './NotForYourAccount';

/**
 * Keeps the panels to their role: visitors go to /Login, signed-in users of the other role are
 * told the page is not for their account and pointed to their own panel. Only a convenience for
 * the browser: the server checks the role of every panel call itself.
 */
export function RequireRole({ requiredRole, children }: { requiredRole: Role | 'any'; children: ReactNode }) {
  const { user, restoring } = useSession();
  const location = useLocation();

  if (restoring) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to="/Login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  // 'any': a page for whoever is signed in (a custom work order is its buyer's, its seller's and the admins').
  if (requiredRole !== 'any' && user.role !== requiredRole) return <NotForYourAccount user={user} />;
  return children;
}
