import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageSpinner } from '@/components/PageSpinner';
import { ApiError } from '@/lib/api';
import './query-view.css';

export function EmptyState({ children = 'No games here yet' }: { children?: ReactNode }) {
  return <div className="empty-state">{children}</div>;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  // Not found, not yours, gone: asking again answers the same, so no button offers it.
  const final = error instanceof ApiError && [403, 404, 410].includes(error.status);
  if (final) {
    return (
      <div className="error-state" role="alert">
        <p className="mb-0">{message}</p>
      </div>
    );
  }
  return (
    <div className="error-state" role="alert">
      <p className="mb-2">{message}</p>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** What the spinner says to screen readers while the query loads. */
  loadingLabel?: string;
  /** A placeholder shaped like the answer, instead of the spinner. */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading, error (with retry), empty and data states of one query: the one way every page shows them. */
export function QueryView<T>({ query, isEmpty, empty, loadingLabel = 'Loading games…', loading, children }: QueryViewProps<T>) {
  if (query.isPending) return <>{loading ?? <PageSpinner label={loadingLabel} />}</>;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}

export const isEmptyList = (list: readonly unknown[]) => list.length === 0;
