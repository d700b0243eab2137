import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page crashes or its chunk cannot load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <section className="container page-section text-center" role="alert">
      <h1 className="page-title">Something went wrong</h1>
      <p className="text-secondary">
        {detail ?? 'This page could not be shown. Reloading usually helps after an update.'}
      </p>
      <div className="d-flex gap-2 justify-content-center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn btn-outline-secondary" reloadDocument>
          Go home
        </Link>
      </div>
    </section>
  );
}
