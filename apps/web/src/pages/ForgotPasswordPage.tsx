import { ForgotPasswordForm } from '@/features/auth';
import { PageHead } from '@/components/PageHead';

export default function ForgotPasswordPage() {
  return (
    <section className="container page-section auth-page">
      <PageHead title="Forgot password" />
      <div className="auth-card">
        <h1 className="page-title text-center">Forgot your password?</h1>
        <p className="text-secondary">Enter the email of your account and we will mail you a link to choose a new password.</p>
        <ForgotPasswordForm />
      </div>
    </section>
  );
}
