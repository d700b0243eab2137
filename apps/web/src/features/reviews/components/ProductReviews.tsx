import { useState } from 'react';
import type { Review, ReviewPage } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { formatDate } from '@/lib/format';
import { useProductReviews } from '../api/productReviews';
import { ModerateReview } from './ModerateReview';
import { ReplyForm } from './ReplyForm';
import { ReviewForm } from './ReviewForm';
import { Stars } from '@/components/Stars';
import '../reviews.css';

/** The product page's Reviews tab: the average, the viewer's own review or form, and every visible review. */
export function ProductReviews({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const query = useProductReviews(productId, page);
  return (
    <div className="product-reviews">
      <QueryView query={query} loadingLabel="Loading reviews…">
        {(answer) => (
          <>
            <Summary answer={answer} />
            <YourReview productId={productId} answer={answer} />
            <h2 className="section-title mt-4">Reviews by buyers</h2>
            {answer.reviews.length === 0 ? (
              <p>No reviews yet. Buyers of this product can review it here.</p>
            ) : (
              <ol className="review-list" aria-label="Reviews, newest first">
                {answer.reviews.map((review) => (
                  <ReviewItem
                    key={review._id}
                    productId={productId}
                    review={review}
                    canReply={answer.youSell}
                    moderates={answer.moderates}
                  />
                ))}
              </ol>
            )}
            {(page > 1 || answer.hasMore) && (
              <nav className="d-flex gap-2 mt-3" aria-label="More reviews">
                <button type="button" className="btn btn-sm btn-outline-primary" disabled={page === 1} onClick={() => setPage(page - 1)}>
                  Newer reviews
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={!answer.hasMore}
                  onClick={() => setPage(page + 1)}
                >
                  Older reviews
                </button>
              </nav>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}

function Summary({ answer }: { answer: ReviewPage }) {
  if (answer.average === null) return null;
  return (
    <p className="review-summary">
      <Stars rating={answer.average} /> <strong>{answer.average.toFixed(1)}</strong>
      <span className="text-secondary">
        from {answer.count} {answer.count === 1 ? 'review' : 'reviews'}
      </span>
    </p>
  );
}

function YourReview({ productId, answer }: { productId: string; answer: ReviewPage }) {
  const [editing, setEditing] = useState(false);
  if (answer.canReview) return <ReviewForm productId={productId} existing={null} />;
  if (!answer.yours) return null;
  if (editing) return <ReviewForm productId={productId} existing={answer.yours} onDone={() => setEditing(false)} />;
  return (
    <section className="review-item" aria-labelledby="your-review-title">
      <h3 id="your-review-title" className="h6">
        Your review
      </h3>
      <Stars rating={answer.yours.rating} />
      <p className="text-prewrap mb-1">{answer.yours.text}</p>
      {answer.yours.hidden && (
        <p className="small text-danger mb-1">Hidden by an admin{answer.yours.hiddenReason ? `: ${answer.yours.hiddenReason}` : ''}</p>
      )}
      <button type="button" className="btn btn-sm btn-link p-0" onClick={() => setEditing(true)}>
        Edit your review
      </button>
    </section>
  );
}

interface ReviewItemProps {
  productId: string;
  review: Review;
  canReply: boolean;
  moderates: boolean;
}

function ReviewItem({ productId, review, canReply, moderates }: ReviewItemProps) {
  const [replying, setReplying] = useState(false);
  return (
    <li className={`review-item${review.hidden ? ' review-item-hidden' : ''}`}>
      <p className="mb-1">
        <Stars rating={review.rating} /> <span className="fw-semibold">{review.reviewer.name}</span>{' '}
        {/* Only while the reviewer holds an active licence: a refund takes the mark away. */}
        {review.verified && <span className="badge text-bg-success me-1">Verified buyer</span>}
        <time className="text-secondary small" dateTime={review.createdAt}>
          {formatDate(review.createdAt)}
        </time>
      </p>
      {/* Plain text: React escapes it, so markup in a review shows as typed. */}
      <p className="text-prewrap mb-1">{review.text}</p>
      {review.reply && !replying && (
        <div className="review-reply">
          <p className="small fw-semibold mb-1">
            Seller’s reply · <time dateTime={review.reply.repliedAt}>{formatDate(review.reply.repliedAt)}</time>
          </p>
          <p className="text-prewrap mb-0">{review.reply.text}</p>
        </div>
      )}
      {canReply &&
        (replying ? (
          <ReplyForm productId={productId} review={review} onDone={() => setReplying(false)} />
        ) : (
          <button type="button" className="btn btn-sm btn-link p-0" onClick={() => setReplying(true)}>
            {review.reply ? 'Edit your reply' : 'Reply'}
            <span className="visually-hidden"> to {review.reviewer.name}</span>
          </button>
        ))}
      {moderates && <ModerateReview productId={productId} review={review} />}
    </li>
  );
}
