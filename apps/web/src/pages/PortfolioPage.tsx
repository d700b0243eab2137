import { useParams } from 'react-router';
import { slugToAuthor } from '@market/contracts';
import { ComingSoonPage } from '@/components/ComingSoon';

export default function PortfolioPage() {
  const { portfolioName = '' } = useParams();
  return (
    <ComingSoonPage title={`${slugToAuthor(portfolioName)} Portfolio`}>
      Every product published by this studio will be listed here.
    </ComingSoonPage>
  );
}
