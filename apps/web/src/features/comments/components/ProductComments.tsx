import { useId, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { COMMENT_MAX_LENGTH, COMMENT_SENT_MESSAGE, type PublicComment } from '@market/contracts';
import { isEmptyList, QueryView } from '@/components/query-view';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { SubmitButton } from '@/components/SubmitButton';
import { useAddComment } from '../api/addComment';
import { useProductComments } from '../api/productComments';
import { formatDateTime } from '@/lib/format';
import '../comments.css';

/** docs/product-spec.md §2.5 Comments tab: the product's comments, newest first, and the form to add one. */
export function ProductComments({ productId }: { productId: string }) {
  const query = useProductComments(productId);
  return (
    <div className="product-comments">
      <CommentForm productId={productId} />
      <h2 className="section-title mt-4">Comments</h2>
      <QueryView
        query={query}
        isEmpty={isEmptyList}
        empty="No comments yet. Be the first to comment."
        loading={<p aria-busy="true">Loading comments…</p>}
      >
        {(comments) => <CommentList comments={comments} />}
      </QueryView>
    </div>
  );
}

function CommentList({ comments }: { comments: PublicComment[] }) {
  return (
    <ol className="comment-list" aria-label="Comments, newest first">
      {comments.map((comment) => (
        <li key={comment._id} className="comment-item">
          <p className="comment-meta">
            <span className="comment-author">{comment.name}</span>
            <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
          </p>
          {/* Plain text: React escapes it, so markup in a comment shows as typed. */}
          <p className="comment-text text-prewrap">{comment.comment}</p>
        </li>
      ))}
    </ol>
  );
}

function CommentForm({ productId }: { productId: string }) {
  const add = useAddComment();
  const { formRef } = useRevealFirstError(add.error);
  const id = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '');
    add.mutate(
      { productId, name: value('name'), email: value('email'), comment: value('comment') },
      {
        onSuccess: () => {
          form.reset();
          showNotice(COMMENT_SENT_MESSAGE);
        },
      },
    );
  }

  return (
    <>
      <form ref={formRef} onSubmit={handleSubmit} aria-label="Add a comment" className="comment-form">
        <div className="row g-3">
          <div className="col-sm-6">
            <label className="form-label" htmlFor={`${id}-name`}>
              Name
              <span className="required-star" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <input className="form-control" id={`${id}-name`} name="name" autoComplete="name" maxLength={80} required />
          </div>
          <div className="col-sm-6">
            <label className="form-label" htmlFor={`${id}-email`}>
              Email
              <span className="required-star" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <input className="form-control" id={`${id}-email`} name="email" type="email" autoComplete="email" required />
          </div>
          <div className="col-12">
            <label className="form-label" htmlFor={`${id}-comment`}>
              Comment
              <span className="required-star" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <textarea className="form-control" id={`${id}-comment`} name="comment" rows={4} maxLength={COMMENT_MAX_LENGTH} required />
          </div>
        </div>
        <SubmitButton pending={add.isPending} className="mt-3">
          Post Comment
        </SubmitButton>
      </form>
      {/* docs/product-spec.md §8: the server's message in red under the form, cleared on success. */}
      <FormError message={add.error?.message} className="mt-3" />
    </>
  );
}
