import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageSpinner } from '@/components/PageSpinner';

interface ListQueryProps<T> {
  query: UseQueryResult<T[]>;
  /** Loading label for screen readers. */
  loadingLabel: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** Loading, error (with retry), empty and filled states of a list. */
export function ListQuery<T>({ query, loadingLabel, empty, children }: ListQueryProps<T>) {
  if (query.isPending) return <PageSpinner label={loadingLabel} />;
  if (query.isError) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="me-auto">{query.error.message}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return <div className="moderation-empty">{empty}</div>;
  return children(query.data);
}
