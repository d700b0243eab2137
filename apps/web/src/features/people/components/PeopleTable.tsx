import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PEOPLE_PAGE_SIZE, type PeopleQuery, type Person } from '@market/contracts';
import { ErrorState } from '@/components/query-view';
import { PageSpinner } from '@/components/PageSpinner';
import { Pagination } from '@/components/Pagination';
import { TableScroll } from '@/components/TableScroll';
import '../people.css';

export interface PeoplePage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PeopleColumn<T> {
  header: string;
  renderCell: (person: T) => ReactNode;
  /** Bootstrap display classes that fold the column away on small screens. */
  className?: string;
}

/** The page and search text of one people list; a new search starts again at page 1. */
export function usePeopleQuery() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query: PeopleQuery = { page, pageSize: PEOPLE_PAGE_SIZE, search };
  return {
    query,
    setPage,
    search: (text: string) => {
      setSearch(text.trim());
      setPage(1);
    },
  };
}

interface PeopleTableProps<T extends Person> {
  caption: string;
  result: UseQueryResult<PeoplePage<T>>;
  columns: PeopleColumn<T>[];
  empty: string;
  searchText: string;
  onSearch: (text: string) => void;
  onPage: (page: number) => void;
}

/** A searchable, paginated table of people: name and email first, then the list's own columns. */
export function PeopleTable<T extends Person>({ caption, result, columns, empty, searchText, onSearch, onPage }: PeopleTableProps<T>) {
  return (
    <>
      <PeopleSearch initial={searchText} onSearch={onSearch} />
      {result.isPending ? (
        <PageSpinner label={`Loading ${caption.toLowerCase()}…`} />
      ) : result.isError ? (
        <ErrorState error={result.error} onRetry={() => void result.refetch()} />
      ) : result.data.items.length === 0 ? (
        <p className="people-empty">{searchText ? `Nobody matches “${searchText}”.` : empty}</p>
      ) : (
        <>
          <TableScroll label={caption} className="people-table" busy={result.isFetching}>
            <table className="table align-middle">
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Email
                  </th>
                  {columns.map((column) => (
                    <th key={column.header} scope="col" className={column.className}>
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.data.items.map((person) => (
                  <tr key={person._id}>
                    <th scope="row" className="people-name text-break">
                      <span id={`person-${person._id}`}>{person.name}</span>
                      <span className="d-block d-md-none small text-secondary fw-normal">{person.email}</span>
                    </th>
                    <td className="d-none d-md-table-cell text-break">{person.email}</td>
                    {columns.map((column) => (
                      <td key={column.header} className={column.className}>
                        {column.renderCell(person)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pagination page={result.data.page} pageSize={result.data.pageSize} total={result.data.total} label={caption} onPage={onPage} />
        </>
      )}
    </>
  );
}

function PeopleSearch({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const inputId = useId();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form className="people-search" onSubmit={submit}>
      <div className="flex-grow-1">
        <label htmlFor={inputId} className="form-label">
          Search by name or email
        </label>
        <input
          id={inputId}
          type="search"
          className="form-control"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}
