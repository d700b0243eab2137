import { useId, useRef, useState, type ReactNode } from 'react';
import { GameGrid, Tabs } from '@/features/catalogue';
import { EmptyState, QueryView } from '@/components/query-view';
import { Pagination } from '@/components/Pagination';
import { useHydrated } from '@/lib/hydration';
import { useSearchResults } from '../api/searchResults';
import { FILTER_NAMES, type FilterName, type Filters } from '../searchFilters';
import { useResultsAddress } from '../useResultsAddress';
import { FacetPanel } from './FacetPanel';
import { SortControl } from './SortControl';
import '../results.css';

interface FacetedResultsProps {
  /** The search text; empty on the browse page. */
  text: string;
  pageSize: number;
  /**
   * The browse page's genre tabs (docs/product-spec.md §2.2): the sub category facet shown as tabs
   * over the results, the first preselected, instead of in the panel.
   */
  genres?: readonly string[];
  /** What the grid is called, for screen readers. */
  label: (filters: Filters) => string;
  /** What an empty result says, before the way to clear the filters. */
  empty: (filters: Filters) => ReactNode;
}

const gamesCount = (n: number) => `${n} ${n === 1 ? 'game' : 'games'}`;

/**
 * Results of the results call (docs/decisions/0019) with its facets, sort and pages, every one kept
 * in the address. Below 992 px the facets fold behind a Filters button so the grid keeps the width.
 */
export function FacetedResults({ text, pageSize, genres, label, empty }: FacetedResultsProps) {
  const address = useResultsAddress(text);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const top = useRef<HTMLDivElement>(null);
  const panelTitle = useRef<HTMLHeadingElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { sort, page } = address;
  const genre = genres
    ? address.filters.subCategory && genres.includes(address.filters.subCategory)
      ? address.filters.subCategory
      : genres[0]
    : undefined;
  const filters: Filters = genre ? { ...address.filters, subCategory: genre } : address.filters;
  const results = useSearchResults({
    ...filters,
    ...(text ? { q: text } : {}),
    sort,
    limit: String(pageSize),
    ...(page > 1 ? { offset: String((page - 1) * pageSize) } : {}),
  });
  // The genre of the tabs is where the visitor is, not a filter to clear.
  const kept: readonly FilterName[] = genres ? ['subCategory'] : [];
  const active =
    FILTER_NAMES.filter((name) => !kept.includes(name) && name !== 'maxPrice' && address.filters[name] !== undefined).length +
    (address.filters.maxPrice !== undefined && address.filters.minPrice === undefined ? 1 : 0);
  const clear = (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary"
      disabled={!hydrated}
      // The button goes with the filters it clears: focus stays in the panel, or on its Filters
      // button where the panel is folded (a phone's empty result).
      onClick={() => {
        address.clear(kept);
        const title = panelTitle.current;
        (title && title.offsetParent !== null ? title : toggle.current)?.focus();
      }}
    >
      Clear filters
    </button>
  );

  const list = (
    <QueryView query={results} loadingLabel="Loading games…">
      {(data) => (
        <div aria-busy={results.isPlaceholderData}>
          <div className="results-bar">
            <output className="results-total">{gamesCount(data.total)}</output>
            <SortControl text={text} sort={sort} onSort={address.setSort} enabled={hydrated} />
          </div>
          {data.total === 0 ? (
            <EmptyState>
              <p className="mb-2">{empty(filters)}</p>
              {active > 0 && clear}
            </EmptyState>
          ) : data.products.length === 0 ? (
            <EmptyState>
              <p className="mb-2">This page is past the last one.</p>
              <button type="button" className="btn btn-sm btn-outline-primary" disabled={!hydrated} onClick={() => address.setPage(1)}>
                Go to the first page
              </button>
            </EmptyState>
          ) : (
            <GameGrid products={data.products} label={label(filters)} />
          )}
          {data.total > pageSize && (
            <Pagination
              page={page}
              pageSize={pageSize}
              total={data.total}
              label={label(filters)}
              onPage={(next) => {
                address.setPage(next);
                top.current?.scrollIntoView({ block: 'start' });
              }}
            />
          )}
        </div>
      )}
    </QueryView>
  );

  return (
    <div className="results-layout" ref={top}>
      <div className="results-filters">
        <button
          ref={toggle}
          type="button"
          className="btn btn-outline-primary results-filters-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          Filters{active > 0 ? ` (${active} on)` : ''}
        </button>
        <div id={panelId} className={`facet-panel${open ? ' open' : ''}`}>
          <h2 className="facet-panel-title" ref={panelTitle} tabIndex={-1}>
            Filters
          </h2>
          {results.data ? (
            <FacetPanel facets={results.data.facets} filters={address.filters} onChange={address.change} hidden={kept} enabled={hydrated} />
          ) : null}
          {active > 0 && clear}
        </div>
      </div>
      <div className="results-main">
        {genres && genre ? (
          <Tabs
            label="Genres"
            tabs={genres.map((id) => {
              // A genre the other filters leave empty is not in the facet: it counts 0.
              const count = results.data ? (results.data.facets.subCategory.find((entry) => entry.value === id)?.count ?? 0) : undefined;
              return {
                id,
                label:
                  count === undefined ? (
                    id
                  ) : (
                    <>
                      {id}
                      <span className="facet-count"> ({count})</span>
                    </>
                  ),
              };
            })}
            selected={genre}
            onSelect={(id) => address.change({ subCategory: id })}
          >
            {list}
          </Tabs>
        ) : (
          list
        )}
      </div>
    </div>
  );
}
