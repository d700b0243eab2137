import { useParams } from 'react-router';
import { PageHead } from '@/components/PageHead';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { CustomWorkView } from '@/features/custom-work';

/** /custom-work/{id}: a custom work order, to its buyer, its seller and the admins (docs/decisions/0013). */
export default function CustomWorkPage() {
  const { id = '' } = useParams();
  return (
    <section className="container page-section">
      <PageHead title="Custom work" />
      <NoticeRegion />
      <h1 className="page-title">Custom work</h1>
      <CustomWorkView id={id} />
    </section>
  );
}
