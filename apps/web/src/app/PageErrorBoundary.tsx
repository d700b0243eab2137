import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Shown when a page crashes or its chunk cannot load (e.g. after a deploy). */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="container page-section text-center" role="alert">
        <h1 className="page-title">Something went wrong</h1>
        <p className="text-secondary">This page could not be shown. Reloading usually helps after an update.</p>
        <div className="d-flex gap-2 justify-content-center">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/" className="btn btn-outline-secondary">
            Go home
          </a>
        </div>
      </section>
    );
  }
}
