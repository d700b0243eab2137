import { useParams } from 'react-router';
import { GameGrid } from '@/features/catalogue';
import { QueryView, isEmptyList } from '@/components/query-view';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { PageHead } from '@/components/PageHead';
import { useListingQuery } from '@/features/catalogue';
import { ALL_GAMES_TITLE, listingEmptyText, listingTitle } from './productListing';

export default function ProductListingPage() {
  const { productListing = '' } = useParams();
  const query = useListingQuery(productListing);
  const title = query.data ? (query.data.title ?? ALL_GAMES_TITLE) : listingTitle(productListing);
  return (
    <section className="container page-section">
      <PageHead title={title} />
      <NoticeRegion />
      <h1 className="page-title">{title}</h1>
      <QueryView query={query} isEmpty={(listing) => isEmptyList(listing.products)} empty={listingEmptyText(productListing)}>
        {(listing) => <GameGrid products={listing.products} label={title} />}
      </QueryView>
    </section>
  );
}
