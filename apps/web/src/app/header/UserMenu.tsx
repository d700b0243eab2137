import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import Dropdown from 'react-bootstrap/Dropdown';
import type { SessionUser } from '@market/contracts';
import { useSignOut } from '@/features/auth';
import { UserMenuLabel } from './UserMenuLabel';

// Only people in a studio other than their own see it; it asks the server once the menu is up.
const StudioSwitcher = lazy(() => import('@/features/studios').then((module) => ({ default: module.StudioSwitcher })));

interface MenuEntry {
  label: string;
  to: string;
}

/** docs/product-spec.md §2.1: role 'User' gets the user panel; any other role is treated as admin. */
export function menuEntriesFor(role: string): MenuEntry[] {
  if (role === 'User') {
    return [
      { label: 'Dashboard', to: '/userPanel/user-dashboard' },
      { label: 'Whishlist Products', to: '/userPanel/whishlist-products' },
    ];
  }
  return [
    { label: 'Upload Product', to: '/adminPanel/upload-product' },
    { label: 'Manage Products', to: '/adminPanel/manage-products' },
  ];
}

export default function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const navigate = useNavigate();

  return (
    <Dropdown as="li" align="end" className="nav-item user-menu">
      <Dropdown.Toggle variant="link" id="user-menu" className="nav-link user-menu-button">
        <UserMenuLabel name={user.name} />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {menuEntriesFor(user.role).map((entry) => (
          <Dropdown.Item as={Link} to={entry.to} key={entry.to}>
            {entry.label}
          </Dropdown.Item>
        ))}
        <Suspense fallback={null}>
          <StudioSwitcher />
        </Suspense>
        <Dropdown.Divider />
        <Dropdown.Item
          as="button"
          type="button"
          disabled={signOut.isPending}
          onClick={() => {
            // The session is forgotten when the call settles, whatever happens to this menu by then.
            signOut.mutate();
            navigate('/');
          }}
        >
          Logout
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
