import { Stars } from '@/components/Stars';
import { formatDayUtc } from '@/lib/format';
import { useCustomWorkReviews } from '../api/customWorkReviews';
import '../reviews.css';

/** On the product's page: what buyers said of custom work done on it; nothing until one has. */
export function CustomWorkReviews({ productId }: { productId: string }) {
  const { data } = useCustomWorkReviews(productId);
  if (!data || data.count === 0 || data.average === null) return null;
  return (
    <details className="custom-work-reviews">
      <summary>
        Custom work on this product: <Stars rating={data.average} /> {data.average} from {data.count}{' '}
        {data.count === 1 ? 'review' : 'reviews'}
      </summary>
      <ul className="list-unstyled mt-2 mb-0" aria-label="Reviews of custom work">
        {data.reviews.map((review, index) => (
          <li key={index} className="mb-2">
            <Stars rating={review.rating} />{' '}
            <span className="small text-secondary">
              {review.reviewer.name} · {formatDayUtc(review.updatedAt)}
            </span>
            <span className="d-block text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {review.text}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
