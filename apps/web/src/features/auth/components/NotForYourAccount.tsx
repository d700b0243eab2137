import { Link } from 'react-router';
import type { Role, SessionUser } from '@market/contracts';
import { PageHead } from '@/components/PageHead';

const OWN_PANEL: Record<Role, { path: string; name: string }> = {
  User: { path: '/userPanel', name: 'your panel' },
  Admin: { path: '/adminPanel', name: 'the admin panel' },
};

/** A signed-in user on the other role's panel: asking them to log in again would not help. */
export function NotForYourAccount({ user }: { user: SessionUser }) {
  const own = OWN_PANEL[user.role];
  return (
    <section className="container page-section text-center not-found">
      <PageHead title="Not for your account" />
      <h1 className="page-title">This page is not for your account</h1>
      <p className="text-secondary">
        You are signed in as {user.email}, {user.role === 'Admin' ? 'an admin' : 'a buyer and seller'} account. This page belongs to{' '}
        {user.role === 'Admin' ? 'the buyers’ and sellers’ panel' : 'the admin panel'}.
      </p>
      <div className="d-flex gap-2 justify-content-center">
        <Link to={own.path} className="btn btn-primary">
          Go to {own.name}
        </Link>
        <Link to="/" className="btn btn-outline-primary">
          Go home
        </Link>
      </div>
    </section>
  );
}
