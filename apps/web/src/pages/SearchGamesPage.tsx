import { Link, useSearchParams } from 'react-router';
import { LIMITS } from '@market/contracts';
import { GameGrid } from '@/features/catalogue';
import { EmptyState, QueryView, isEmptyList } from '@/components/query-view';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { PageHead } from '@/components/PageHead';
import { useSearchQuery } from '@/features/catalogue';

/** docs/product-spec.md §2.2: the first 6 results of the search. */
export default function SearchGamesPage() {
  const [params] = useSearchParams();
  const text = params.get('q')?.trim() ?? '';
  const query = useSearchQuery(text);
  const title = text ? `Search results for “${text}”` : 'Search Games';
  return (
    <section className="container page-section">
      <PageHead title={title} />
      <NoticeRegion />
      <h1 className="page-title">{title}</h1>
      {text === '' ? (
        <EmptyState>
          Type a game name in the search box above, or <Link to="/browse-game">browse all games</Link>.
        </EmptyState>
      ) : (
        <QueryView query={query} isEmpty={isEmptyList} empty={`No games match “${text}”`}>
          {(products) => <GameGrid products={products.slice(0, LIMITS.searchResults)} label="Search results" />}
        </QueryView>
      )}
    </section>
  );
}
