import { useParams } from 'react-router';
import { ComingSoonPage } from '@/components/ComingSoon';
import { listingTitle } from './productListing';

export default function ProductListingPage() {
  const { productListing = '' } = useParams();
  return (
    <ComingSoonPage title={listingTitle(productListing)}>
      This listing fills up once the catalogue opens.
    </ComingSoonPage>
  );
}
