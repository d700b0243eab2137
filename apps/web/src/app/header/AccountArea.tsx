import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/features/auth';
import { UserMenuLabel } from './UserMenuLabel';

// Visitors never download the dropdown machinery; signed-in users see their name at once
// and get the menu a moment later.
const UserMenu = lazy(() => import('./UserMenu'));

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
  );
}
