import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/features/auth';
import { UserMenuLabel } from './UserMenuLabel';

// Visitors never download the dropdown machinery; signed-in users see their name at once
// and get the menu (and the notifications bell) a moment later.
const UserMenu = lazy(() => import('./UserMenu'));
const NotificationBell = lazy(() => import('@/features/notifications').then((module) => ({ default: module.NotificationBell })));

export function AccountArea() {
  const { user } = useSession();

  if (!user) {
    return (
      <li className="nav-item">
        <Link to="/Login" className="btn btn-primary login-button">
          Login
        </Link>
      </li>
    );
  }

  return (
    <>
      <Suspense fallback={null}>
        <NotificationBell user={user} />
      </Suspense>
      <Suspense
        fallback={
          <li className="nav-item user-menu">
            <span className="nav-link user-menu-button">
              <UserMenuLabel name={user.name} />
            </span>
          </li>
        }
      >
        <UserMenu user={user} />
      </Suspense>
    </>
  );
}
