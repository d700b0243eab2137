import { Link } from 'react-router';
import { AlreadySignedIn, LoginForm, useSession } from '@/features/auth';
import { PageHead } from '@/components/PageHead';

export default function LoginPage() {
  const { user } = useSession();
  return (
    <section className="container page-section auth-page">
      <PageHead title="Login" />
      <div className="auth-card">
        <h1 className="page-title text-center">{user ? 'You are signed in' : 'Login to account'}</h1>
        {user ? (
          <AlreadySignedIn user={user} />
        ) : (
          <>
            <LoginForm />
            <p className="mt-2 mb-0 text-center">
              <Link to="/forgot-password">Forgot password?</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
