import { Link } from 'react-router';
import { SignUpForm } from '@/features/auth';
import { PageHead } from '@/components/PageHead';

export default function SignUpPage() {
  return (
    <section className="container page-section auth-page">
      <PageHead title="Sign up" />
      <div className="auth-card">
        <h1 className="page-title text-center">Create an account</h1>
        <p className="text-secondary text-center">Buy licences, upload your own games and track your earnings.</p>
        <SignUpForm />
        <p className="mt-3 mb-0 text-center">
          <Link to="/Login">Already have an account? Log In</Link>
        </p>
      </div>
    </section>
  );
}
