import { useId } from 'react';
import { Link } from 'react-router';
import { SORT_LABELS, sortsFor, type Sort } from '../searchFilters';

interface SortControlProps {
  text: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
  enabled: boolean;
}

/** "Sort by": relevance is offered only with text to be relevant to (docs/decisions/0019). */
export function SortControl({ text, sort, onSort, enabled }: SortControlProps) {
  const id = useId();
  return (
    <div className="results-sort">
      <label htmlFor={id} className="form-label mb-0">
        Sort by
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={sort}
        disabled={!enabled}
        onChange={(event) => onSort(event.target.value as Sort)}
      >
        {sortsFor(text).map((value) => (
          <option key={value} value={value}>
            {SORT_LABELS[value]}
          </option>
        ))}
      </select>
      <Link to="/how-we-rank" className="small">
        How we rank
      </Link>
    </div>
  );
}
