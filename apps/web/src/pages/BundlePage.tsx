import { Link, useParams } from 'react-router';
import { BundleView, useBundle } from '@/features/bundles';
import { ErrorState } from '@/components/query-view';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { PageHead } from '@/components/PageHead';
import { PageSpinner } from '@/components/PageSpinner';
import { isApiError } from '@/lib/api';
import './product-detail/productDetail.css';

/** /bundle/{id} (docs/decisions/0011): a seller's bundle, its products and prices, and Add to cart. */
export default function BundlePage() {
  const { id = '' } = useParams();
  const query = useBundle(id);

  if (query.isPending) {
    return (
      <>
        <PageHead title="Loading bundle" />
        <PageSpinner label="Loading bundle…" />
      </>
    );
  }
  if (query.isError) {
    const gone = isApiError(query.error, 404) || isApiError(query.error, 400);
    return (
      <section className={`container page-section${gone ? ' text-center' : ''}`}>
        <PageHead title={gone ? 'Bundle not found' : 'Bundle'} />
        <h1 className="page-title">{gone ? 'Bundle not found' : 'Bundle'}</h1>
        {gone ? (
          <>
            <p className="text-secondary">This bundle does not exist or is no longer for sale.</p>
            <Link to="/browse-game" className="btn btn-primary">
              Browse Games
            </Link>
          </>
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )}
      </section>
    );
  }
  return (
    <div className="container page-section product-detail">
      <PageHead title={query.data.name} />
      <NoticeRegion />
      <BundleView bundle={query.data} />
    </div>
  );
}
