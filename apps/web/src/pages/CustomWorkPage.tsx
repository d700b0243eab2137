import { Suspense } from 'react';
import { useParams } from 'react-router';
import { PageHead } from '@/components/PageHead';
import { PageSpinner } from '@/components/PageSpinner';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { CustomWorkView } from '@/features/custom-work';
import { ChatTranscript } from '@/features/reskin-chat';

/** The chat the quote answered, for the mediating admin: loaded only when shown. */
function OrderChat(props: { buyerId: string; productId: string }) {
  return (
    <Suspense fallback={<PageSpinner label="Loading the chat" />}>
      <ChatTranscript {...props} />
    </Suspense>
  );
}

/** /custom-work/{id}: a custom work order, to its buyer, its seller and the admins (docs/decisions/0013). */
export default function CustomWorkPage() {
  const { id = '' } = useParams();
  return (
    <section className="container page-section">
      <PageHead title="Custom work" />
      <NoticeRegion />
      <h1 className="page-title">Custom work</h1>
      <CustomWorkView id={id} chat={OrderChat} />
    </section>
  );
}
