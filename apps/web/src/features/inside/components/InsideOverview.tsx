import { useProductInside } from '../api/productInside';
import { overviewText } from '../overview';
import '../overview.css';

/**
 * The report in one line near the price; empty until a report is ready. The line keeps its height
 * either way, so the price box does not jump when the report arrives after the page is drawn.
 */
export function InsideOverview({ productId }: { productId: string }) {
  const query = useProductInside(productId);
  const report = query.data?.status === 'ready' ? query.data : null;
  return (
    <p className="inside-overview">
      {report ? (
        <>
          <span className="visually-hidden">What’s inside: </span>
          {overviewText(report)}
        </>
      ) : null}
    </p>
  );
}
