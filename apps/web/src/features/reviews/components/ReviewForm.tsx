import { updateReviewBodySchema, type Review } from '@market/contracts';
import { showNotice } from '@/components/notice/notices';
import { RatingForm } from '@/components/RatingForm';
import { useSaveReview } from '../api/saveReview';

interface ReviewFormProps {
  productId: string;
  /** The viewer's review, when this form edits it. */
  existing: Review | null;
  onDone?: () => void;
}

/** A buyer's review of the product: written once, edited after. */
export function ReviewForm({ productId, existing, onDone }: ReviewFormProps) {
  const save = useSaveReview(productId, existing?._id ?? null);
  return (
    <RatingForm
      title={existing ? 'Edit your review' : 'Write a review'}
      existing={existing}
      schema={updateReviewBodySchema}
      hint="10 to 2,000 characters, shown as plain text with your name."
      submitLabel={existing ? 'Save review' : 'Post review'}
      pending={save.isPending}
      error={save.error?.message}
      onEdit={() => {
        if (save.error) save.reset();
      }}
      onSubmit={(draft) =>
        save.mutate(draft, {
          onSuccess: () => {
            showNotice(existing ? 'Your review was updated' : 'Thank you: your review is published');
            onDone?.();
          },
        })
      }
      {...(onDone && existing ? { onCancel: onDone } : {})}
    />
  );
}
