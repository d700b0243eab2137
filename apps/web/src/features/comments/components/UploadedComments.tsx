import { isEmptyList, QueryView } from '@/components/query-view';
import { PageSpinner } from '@/components/PageSpinner';
import { TableScroll } from '@/components/TableScroll';
import { useAllComments } from '../api/allComments';
import { formatDateTime } from '@/lib/format';

/** /adminPanel/uploaded-comments: every comment with its author's email and product, newest first. */
export function UploadedComments() {
  const query = useAllComments();
  return (
    <QueryView query={query} isEmpty={isEmptyList} empty="No comments yet" loading={<PageSpinner label="Loading comments…" />}>
      {(comments) => (
        <TableScroll label="Comments, newest first">
          <table className="table align-middle">
            <caption className="visually-hidden">Comments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Comment</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Posted
                </th>
              </tr>
            </thead>
            <tbody>
              {comments.map((comment) => (
                <tr key={comment._id}>
                  <th scope="row" className="text-break">
                    {comment.productTitle}
                  </th>
                  <td className="text-break">{comment.name}</td>
                  <td className="text-break">
                    <a href={`mailto:${comment.email}`}>{comment.email}</a>
                  </td>
                  <td className="text-prewrap">{comment.comment}</td>
                  <td className="d-none d-md-table-cell text-nowrap">{formatDateTime(comment.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </QueryView>
  );
}
