import './stars.css';

/** A rating as five stars, read out as "4 out of 5 stars" (or "4.5 …" for an average). */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  // Whole stars only: 4.5 shows four, so an average never looks better than it is (the words say 4.5).
  const full = Math.min(5, Math.floor(rating + 0.25));
  return (
    <span className={`review-stars ${className}`}>
      <span className="visually-hidden">{rating} out of 5 stars</span>
      <span aria-hidden="true">
        {'★'.repeat(full)}
        <span className="review-stars-empty">{'☆'.repeat(5 - full)}</span>
      </span>
    </span>
  );
}
