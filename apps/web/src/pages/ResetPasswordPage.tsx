import { useSearchParams } from 'react-router';
import { InvalidLink, ResetPasswordForm } from '@/features/auth';
import { PageHead } from '@/components/PageHead';

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <section className="container page-section auth-page">
      <PageHead title="Reset password" />
      <div className="auth-card">
        <h1 className="page-title text-center">Choose a new password</h1>
        {token ? <ResetPasswordForm token={token} /> : <InvalidLink message="This reset link is incomplete. Ask for a new one." />}
      </div>
    </section>
  );
}
