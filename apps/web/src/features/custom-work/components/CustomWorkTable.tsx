import { Link } from 'react-router';
import { formatUsd, type CustomWorkSummary } from '@market/contracts';
import { TableScroll } from '@/components/TableScroll';
import { formatDayUtc } from '@/lib/format';
import { orderPath, statusText, STATUS_WORDS } from './statusWords';

interface CustomWorkTableProps {
  works: readonly CustomWorkSummary[];
  /** 'mine': the other side and the viewer's role; 'all' (admins): buyer and seller. */
  viewer: 'mine' | 'all';
  label: string;
}

/** Orders as a table, each row's product naming its Open link; a narrow screen shows each row as a card (TableScroll). */
export function CustomWorkTable({ works, viewer, label }: CustomWorkTableProps) {
  return (
    <TableScroll label={label} className="custom-work-table">
      <table className="table align-middle">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            {viewer === 'mine' ? (
              <>
                <th scope="col">With</th>
                <th scope="col">Your role</th>
              </>
            ) : (
              <>
                <th scope="col">Buyer</th>
                <th scope="col">Seller</th>
              </>
            )}
            <th scope="col">Price</th>
            <th scope="col">Status</th>
            <th scope="col">Due</th>
            <th scope="col">
              <span className="visually-hidden">Order</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {works.map((work) => {
            const productId = `custom-work-${work._id}`;
            const buying = work.role === 'buyer';
            return (
              <tr key={work._id} data-row-id={work._id}>
                <th scope="row" id={productId} className="custom-work-product">
                  {work.product.title}
                </th>
                {viewer === 'mine' ? (
                  <>
                    <td>{buying ? work.seller.name : work.buyer.name}</td>
                    <td>{buying ? 'Buying' : 'Selling'}</td>
                  </>
                ) : (
                  <>
                    <td>{work.buyer.name}</td>
                    <td>{work.seller.name}</td>
                  </>
                )}
                <td className="text-nowrap">{formatUsd(work.priceCents)}</td>
                <td>
                  <span className={`badge ${STATUS_WORDS[work.status].badge} text-wrap text-start`}>{statusText(work)}</span>
                </td>
                <td className="text-nowrap">
                  {/* Due by the end of a UTC day (docs/decisions/0013): the day shown is that day, wherever the viewer is. */}
                  <time dateTime={work.dueAt}>{formatDayUtc(work.dueAt)}</time>
                </td>
                <td>
                  <Link className="btn btn-sm btn-outline-primary" to={orderPath(work._id)} aria-describedby={productId}>
                    Open
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
