import { useProductInside } from '../api/productInside';
import { overviewText } from '../overview';
import '../overview.css';

/** The report in one line near the price; nothing until a report is ready. */
export function InsideOverview({ productId }: { productId: string }) {
  const query = useProductInside(productId);
  if (query.data?.status !== 'ready') return null;
  return (
    <p className="inside-overview">
      <span className="visually-hidden">What’s inside: </span>
      {overviewText(query.data)}
    </p>
  );
}
