import { useState } from 'react';
import type { CustomWorkStatus, CustomWorkSummary } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { useAllCustomWork } from '../api/customWork';
import { CustomWorkTable } from './CustomWorkTable';
import '../panels.css';

const FILTERS: ReadonlyArray<{ status: CustomWorkStatus | undefined; label: string; empty: string }> = [
  { status: 'disputed', label: 'Disputed', empty: 'No disputes to resolve' },
  { status: undefined, label: 'All', empty: 'No custom work yet' },
];

/** Disputes first: they are what an admin comes here for; the rest keep the server's order (newest first). */
const disputesFirst = (works: readonly CustomWorkSummary[]) =>
  [...works].sort((a, b) => Number(b.status === 'disputed') - Number(a.status === 'disputed'));

/** /adminPanel/custom-work: every custom work order (docs/decisions/0013), the disputes shown first, each opening its page. */
export function AllCustomWork() {
  const [filter, setFilter] = useState(FILTERS[0]!);
  const query = useAllCustomWork({ status: filter.status });
  return (
    <>
      <fieldset className="d-flex flex-wrap gap-2 mb-3">
        <legend className="visually-hidden">Show orders</legend>
        {FILTERS.map((candidate) => (
          <button
            key={candidate.label}
            type="button"
            className={`btn btn-sm ${candidate === filter ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={candidate === filter}
            onClick={() => setFilter(candidate)}
          >
            {candidate.label}
          </button>
        ))}
      </fieldset>
      <QueryView query={query} loadingLabel="Loading custom work…" isEmpty={(works) => works.length === 0} empty={filter.empty}>
        {(works) => (
          <CustomWorkTable
            works={disputesFirst(works)}
            viewer="all"
            label={filter.status === 'disputed' ? 'Disputed custom work' : 'All custom work'}
          />
        )}
      </QueryView>
    </>
  );
}
