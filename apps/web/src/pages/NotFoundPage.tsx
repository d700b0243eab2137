import { Link } from 'react-router';
import { PageHead } from '@/components/PageHead';

export default function NotFoundPage() {
  return (
    <section className="container page-section text-center not-found">
      <PageHead title="Page not found" />
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">Page not found</h1>
      <p className="text-secondary">The page you are looking for does not exist or has moved.</p>
      <div className="d-flex gap-2 justify-content-center">
        <Link to="/" className="btn btn-primary">
          Go home
        </Link>
        <Link to="/browse-game" className="btn btn-outline-primary">
          Browse Games
        </Link>
      </div>
    </section>
  );
}
