import { Link } from 'react-router';
import { QueryView } from '@/components/query-view';
import { TableScroll } from '@/components/TableScroll';
import { useEarnings } from '../api/earnings';
import { useRecentSales } from '../api/sales';
import { formatDate, formatDollars } from '@/lib/format';
import { dashboardCards, MoneyCards } from './MoneyCards';
import '../money.css';

const RECENT_SALES = 10;

/** /userPanel/user-dashboard: totals (with reskin prices) and the latest sales. */
export function SellerDashboard() {
  const earnings = useEarnings();
  const sales = useRecentSales(RECENT_SALES);
  return (
    <>
      <QueryView query={earnings} loadingLabel="Loading your totals…">
        {(figures) => <MoneyCards label="Your totals" cards={dashboardCards(figures)} />}
      </QueryView>
      <div className="money-links">
        <Link to="/userPanel/earnings-detail">Earnings</Link>
        <Link to="/userPanel/withdrawl-detail">Withdrawl Detail</Link>
      </div>
      <h2 className="money-subtitle">Recent Sales</h2>
      <QueryView
        query={sales}
        loadingLabel="Loading your sales…"
        isEmpty={(list) => list.length === 0}
        empty="No sales yet. Once buyers purchase your products, they appear here."
      >
        {(list) => (
          <TableScroll label="Your latest sales" className="money-table">
            <table className="table align-middle">
              <caption className="visually-hidden">Your latest sales</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Licence
                  </th>
                  <th scope="col">Price</th>
                  <th scope="col" className="d-none d-sm-table-cell">
                    Reskin
                  </th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {list.map((sale) => (
                  <tr key={`${sale.purchaseId}-${sale.productId}`}>
                    <th scope="row" className="text-break">
                      {sale.title}
                    </th>
                    <td className="d-none d-md-table-cell">{sale.licenseType}</td>
                    <td>
                      {sale.refunded ? <s>{formatDollars(sale.price)}</s> : formatDollars(sale.price)}
                      {sale.refunded && <span className="d-block small text-danger">Refunded</span>}
                    </td>
                    <td className="d-none d-sm-table-cell">{sale.isReskin === 'true' ? formatDollars(sale.reskinPrice) : '—'}</td>
                    <td>{formatDate(sale.soldAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </QueryView>
    </>
  );
}
