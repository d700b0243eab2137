import type { ReactNode } from 'react';
import { PageHead } from './PageHead';

interface ComingSoonPageProps {
  title: string;
  /** What this page will do once it is built. */
  children: ReactNode;
}

/** A page whose feature ships in a later release: its real heading and an honest note. */
export function ComingSoonPage({ title, children }: ComingSoonPageProps) {
  return (
    <section className="container page-section">
      <PageHead title={title} />
      <h1 className="page-title">{title}</h1>
      <ComingSoonNote>{children}</ComingSoonNote>
    </section>
  );
}

export function ComingSoonNote({ children }: { children: ReactNode }) {
  return (
    <div className="coming-soon">
      <span className="badge text-bg-warning me-2">Coming soon</span>
      <span>{children}</span>
    </div>
  );
}
