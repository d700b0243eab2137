import { useParams } from 'react-router';
import { slugToTitle } from '@market/contracts';
import { ComingSoonPage } from '@/components/ComingSoon';

export default function ProductDetailPage() {
  const { title = '' } = useParams();
  return (
    <ComingSoonPage title={slugToTitle(title)}>
      Screenshots, licences, pricing and comments for this product arrive with the catalogue.
    </ComingSoonPage>
  );
}
