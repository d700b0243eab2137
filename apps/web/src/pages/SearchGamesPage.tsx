import { Link, useSearchParams } from 'react-router';
import { LIMITS } from '@market/contracts';
import { EmptyState } from '@/components/query-view';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { PageHead } from '@/components/PageHead';
import { FacetedResults } from '@/features/faceted-search';

/**
 * docs/product-spec.md §2.2: the first 6 of the filtered search results. The results call pages
 * them, so the page shows 6 at a time and the pages after them follow.
 */
export default function SearchGamesPage() {
  const [params] = useSearchParams();
  const text = params.get('q')?.trim() ?? '';
  const title = text ? `Search results for “${text}”` : 'Search Games';
  const noMatches = (
    <>
      No games match “{text}”. Check the spelling, try fewer words, or <Link to="/browse-game">browse all games</Link>.
    </>
  );
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
        <FacetedResults
          key={text}
          text={text}
          pageSize={LIMITS.searchResults}
          label={() => 'Search results'}
          empty={(filters) => (Object.keys(filters).length === 0 ? noMatches : `No games match “${text}” with these filters`)}
        />
      )}
    </section>
  );
}
