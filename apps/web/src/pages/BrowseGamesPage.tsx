import { QueryView, isEmptyList } from '@/components/query-view';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { PageHead } from '@/components/PageHead';
import { useSubCategoriesQuery } from '@/features/catalogue';
import { FacetedResults, type SearchFilters } from '@/features/faceted-search';

/** Results a page: enough for a few rows of cards beside the facets. */
const PAGE_SIZE = 24;

function games(filters: SearchFilters): string {
  return `${filters.engine ? `${filters.engine} ` : ''}${filters.subCategory ?? ''} games`.trim();
}

/**
 * docs/product-spec.md §2.2: genre tabs from the sub categories, the first preselected, listing its
 * games; the facets of docs/decisions/0019 narrow them, every choice kept in the address.
 */
export default function BrowseGamesPage() {
  const subCategories = useSubCategoriesQuery();
  return (
    <section className="container page-section">
      <PageHead title="Browse Games" />
      <NoticeRegion />
      <h1 className="page-title">Browse Games</h1>
      <QueryView query={subCategories} isEmpty={isEmptyList}>
        {(list) => (
          <FacetedResults
            text=""
            pageSize={PAGE_SIZE}
            genres={list.map((entry) => entry.subCategory)}
            label={(filters) => (filters.onSale ? `${games(filters)} on sale` : games(filters))}
            empty={(filters) => {
              if (filters.onSale) return `No ${games(filters)} on sale right now`;
              const others = Object.keys(filters).filter((name) => name !== 'subCategory' && name !== 'engine');
              if (filters.engine && others.length === 0) return `No ${filters.engine} games in ${filters.subCategory} yet`;
              return `No ${games(filters)} match these filters`;
            }}
          />
        )}
      </QueryView>
    </section>
  );
}
