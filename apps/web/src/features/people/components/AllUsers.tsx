import { useUsersPage } from '../api/users';
import { formatDate } from '@/lib/format';
import { PeopleTable, usePeopleQuery } from './PeopleTable';

/** /adminPanel/all-users: every account with its role. */
export function AllUsers() {
  const { query, search, setPage } = usePeopleQuery();
  const result = useUsersPage(query);
  return (
    <PeopleTable
      caption="All users"
      result={result}
      empty="No users yet."
      searchText={query.search}
      onSearch={search}
      onPage={setPage}
      columns={[
        { header: 'Number', renderCell: (person) => person.number, className: 'd-none d-lg-table-cell' },
        { header: 'Role', renderCell: (person) => person.role },
        { header: 'Joined', renderCell: (person) => formatDate(person.createdAt), className: 'd-none d-sm-table-cell' },
      ]}
    />
  );
}
