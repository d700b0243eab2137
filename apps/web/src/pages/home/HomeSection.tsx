import { useId } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ProductSummary } from '@market/contracts';
import { GameShelf } from '@/features/catalogue';
import { QueryView } from '@/components/query-view';

interface HomeSectionProps<T> {
  title: string;
  to: string;
  query: UseQueryResult<T>;
  products: (data: T) => ProductSummary[];
  /**
   * Drawn only once its products are in (none while loading, on an error or when empty): a shelf that
   * is often empty, such as On Sale, is left out rather than shown empty.
   */
  onlyWhenFilled?: boolean;
}

/** One docs/product-spec.md §2.3 section: heading, View All link to its listing route, carousel or grid. */
export function HomeSection<T>({ title, to, query, products, onlyWhenFilled = false }: HomeSectionProps<T>) {
  const headingId = useId();
  if (onlyWhenFilled && (query.data === undefined || products(query.data).length === 0)) return null;
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="home-section-head">
        <h2 id={headingId} className="section-title">
          {title}
        </h2>
        <Link to={to} className="view-all-link">
          View All<span className="visually-hidden"> {title}</span>
        </Link>
      </div>
      <QueryView query={query} loading={<ShelfSkeleton />} isEmpty={(data) => products(data).length === 0}>
        {(data) => <GameShelf products={products(data)} label={title} />}
      </QueryView>
    </section>
  );
}

function ShelfSkeleton() {
  return (
    <div className="shelf-skeleton" aria-busy="true">
      <span className="visually-hidden">Loading games…</span>
      {[0, 1, 2, 3].map((n) => (
        <div key={n} className="skeleton-card" aria-hidden="true" />
      ))}
    </div>
  );
}
