import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_NAMES, defaultSort, filtersOf, pageOf, sortOf, type FilterName, type Sort } from './searchFilters';

/** A change of filters: a value sets one, null removes it. */
export type FiltersChange = Partial<Record<FilterName, string | null>>;

/**
 * The filters, sort and page of a results page, kept in the address's query so a reload, Back and
 * Forward, and a link opened elsewhere show the same results; each change is a history entry.
 */
export function useResultsAddress(text: string) {
  const [params, setParams] = useSearchParams();
  // Shown at once: the router moves to the new address in a transition, during which a box just
  // ticked would otherwise show unticked again. A new address (Back, a link) wins.
  const address = params.toString();
  const [shown, setShown] = useState(address);
  const [seenAddress, setSeenAddress] = useState(address);
  if (address !== seenAddress) {
    setSeenAddress(address);
    setShown(address);
  }
  const current = new URLSearchParams(shown);

  const go = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(shown);
    change(next);
    setShown(next.toString());
    setParams(next);
  };

  return {
    filters: filtersOf(current),
    sort: sortOf(current, text),
    page: pageOf(current),
    /** Any filter narrows the results and starts again from the first page. */
    change: (patch: FiltersChange) =>
      go((next) => {
        for (const [name, value] of Object.entries(patch)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
      }),
    setSort: (sort: Sort) =>
      go((next) => {
        if (sort === defaultSort(text)) next.delete('sort');
        else next.set('sort', sort);
        next.delete('page');
      }),
    setPage: (page: number) =>
      go((next) => {
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
      }),
    /** Every filter off; the text and the sort stay. */
    clear: (keep: readonly FilterName[] = []) =>
      go((next) => {
        for (const name of FILTER_NAMES) if (!keep.includes(name)) next.delete(name);
        next.delete('page');
      }),
  };
}
