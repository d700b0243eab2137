import { Link } from 'react-router';
import { useSellersPage } from '../api/sellers';
import { PeopleTable, usePeopleQuery } from './PeopleTable';
import { formatDollars } from '@/lib/format';

/** /adminPanel/sellers: users with products, their units sold, earnings and a way to their statement. */
export function Sellers() {
  const { query, search, setPage } = usePeopleQuery();
  const result = useSellersPage(query);
  return (
    <PeopleTable
      caption="Sellers"
      result={result}
      empty="No seller has uploaded a product yet."
      searchText={query.search}
      onSearch={search}
      onPage={setPage}
      columns={[
        { header: 'Products', renderCell: (seller) => seller.productCount },
        { header: 'Sales', renderCell: (seller) => seller.salesCount, className: 'd-none d-sm-table-cell' },
        { header: 'Earnings', renderCell: (seller) => formatDollars(seller.earnings) },
        {
          header: 'Statement',
          renderCell: (seller) => (
            <Link to={`/adminPanel/sellers/${seller._id}/statement`} aria-label={`Statement of ${seller.name}`}>
              Statement
            </Link>
          ),
        },
      ]}
    />
  );
}
