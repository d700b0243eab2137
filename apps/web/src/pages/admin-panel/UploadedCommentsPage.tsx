import { UploadedComments } from '@/features/comments';

/** /adminPanel/uploaded-comments. */
export default function UploadedCommentsPage() {
  return <UploadedComments />;
}
