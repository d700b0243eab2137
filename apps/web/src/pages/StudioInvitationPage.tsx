import { useParams } from 'react-router';
import { PageHead } from '@/components/PageHead';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { AcceptInvitation } from '@/features/studios';

/** /studio/invitations/{token}: joining a studio (docs/decisions/0018). */
export default function StudioInvitationPage() {
  const { token = '' } = useParams();
  return (
    <section className="container page-section">
      <PageHead title="Studio invitation" />
      <NoticeRegion />
      <h1 className="page-title">Studio invitation</h1>
      <AcceptInvitation token={token} />
    </section>
  );
}
