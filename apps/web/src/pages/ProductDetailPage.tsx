import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { authorToSlug, imageSrcSet, type ProductDetail, type ProductStatus } from '@market/contracts';
import { CategoryIcon } from '@/components/CategoryIcon';
import { ErrorState } from '@/components/query-view';
import { Tabs } from '@/features/catalogue';
import { AppleIcon, PlayStoreIcon } from '@/components/icons';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { Stars } from '@/components/Stars';
import { PageHead } from '@/components/PageHead';
import { PageSpinner } from '@/components/PageSpinner';
import { AlsoBoughtShelf, productName, recordView, useProductBySlugQuery } from '@/features/catalogue';
import { InsideOverview, ProductInside } from '@/features/inside';
import { ProductBundles } from '@/features/bundles';
import { isApiError } from '@/lib/api';
import { formatDayUtc } from '@/lib/format';
import { Gallery } from './product-detail/Gallery';
import { galleryItems } from './product-detail/media';
import { PurchaseBox } from './product-detail/PurchaseBox';
import { ReskinBox } from './product-detail/ReskinBox';
import './product-detail/productDetail.css';

// The comments and versions tabs' code (lists, forms, validation) loads when the tab is opened.
const ProductComments = lazy(() => import('@/features/comments').then((module) => ({ default: module.ProductComments })));
const ProductReviews = lazy(() => import('@/features/reviews').then((module) => ({ default: module.ProductReviews })));
// Custom work's reviews sit below the fold and are rare: their code and call come after the page.
const CustomWorkReviews = lazy(() => import('@/features/reviews').then((module) => ({ default: module.CustomWorkReviews })));
const ProductVersions = lazy(() => import('@/features/releases').then((module) => ({ default: module.ProductVersions })));

/** docs/product-spec.md §2.5 product detail, found by its title slug. */
export default function ProductDetailPage() {
  const { title: slug = '' } = useParams();
  const query = useProductBySlugQuery(slug);

  if (query.isPending) {
    return (
      <>
        <PageHead title="Loading game" />
        <PageSpinner label="Loading game…" />
      </>
    );
  }
  if (query.isError) {
    if (isApiError(query.error, 404)) return <ProductNotFound />;
    return (
      <section className="container page-section">
        <PageHead title="Game" />
        <h1 className="page-title">Game</h1>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  return <ProductView product={query.data} />;
}

function ProductNotFound() {
  return (
    <section className="container page-section text-center">
      <PageHead title="Game not found" />
      <h1 className="page-title">Game not found</h1>
      <p className="text-secondary">This game does not exist or is no longer available.</p>
      <Link to="/browse-game" className="btn btn-primary">
        Browse Games
      </Link>
    </section>
  );
}

/** Seven twelfths of the container from 992 px (the price box takes the rest), the screen's width below. */
const FEATURE_IMAGE_SIZES = '(min-width: 1200px) 642px, (min-width: 992px) 536px, 100vw';

const DETAIL_TABS = [
  { id: 'description', label: 'Description & Features' },
  { id: 'comments', label: 'Comments' },
  { id: 'versions', label: 'Versions' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'inside', label: 'What’s inside' },
];

function ProductView({ product }: { product: ProductDetail }) {
  // A page opened from a link elsewhere (a newsletter, a search engine) is a view too; the server counts one per visitor and hour.
  useEffect(() => {
    if (product.status === 'Approved') recordView(product._id);
  }, [product._id, product.status]);
  const name = productName(product);
  const [tab, setTab] = useState('description');
  const description = product.description.en ?? Object.values(product.description)[0] ?? '';
  const hasReskin = Boolean(product.reskinFeatures) || product.reskinPrice !== null;

  return (
    <div className="container page-section product-detail">
      <PageHead title={name} />
      <NoticeRegion />
      <NotPublicBanner status={product.status} />
      <div className="row g-4">
        <div className="col-lg-7">
          <h1 className="page-title">{name}</h1>
          <LatestVersion release={product.latestRelease} />
          {product.rating && (
            <p className="product-rating">
              <Stars rating={product.rating.average} /> <strong>{product.rating.average.toFixed(1)}</strong>{' '}
              <span className="text-secondary">
                from {product.rating.count} {product.rating.count === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          )}
          <img
            className="product-feature-img"
            src={product.featureImg}
            srcSet={imageSrcSet(product.featureImg, 'featureImg')}
            sizes={FEATURE_IMAGE_SIZES}
            alt={name}
            width={1200}
            height={675}
            fetchPriority="high"
          />
          <Gallery items={galleryItems(product.youtubeLink, product.screenshots)} name={name} />
        </div>
        <div className="col-lg-5">
          <dl className="product-facts">
            <div>
              <dt>Development hours</dt>
              <dd>{product.developmentHours ?? '–'}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>
                <CategoryIcon category={product.category} /> {product.category}
              </dd>
            </div>
            <div>
              <dt>Sub Category</dt>
              <dd>{product.subCategory}</dd>
            </div>
            <div>
              <dt>Framework</dt>
              <dd>{product.frameWork ?? '–'}</dd>
            </div>
          </dl>
          <InsideOverview productId={product._id} />
          <PurchaseBox product={product} />
          {product.status === 'Approved' && <ProductBundles productId={product._id} />}
          <p className="mt-3">
            <a href={product.livePreview} target="_blank" rel="noopener noreferrer">
              Live Preview<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <StoreLinks product={product} />
          {hasReskin && <ReskinBox product={product} />}
          <Suspense fallback={null}>
            <CustomWorkReviews productId={product._id} />
          </Suspense>
          <AuthorCard authorName={product.authorName} />
        </div>
      </div>

      <Tabs label="Product information" tabs={DETAIL_TABS} selected={tab} onSelect={setTab} className="mt-4">
        {tab === 'description' ? (
          <div className="product-description">
            {/* description and features are sanitised on the server before they are stored. */}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: description }} />
            <h2 className="section-title">Features</h2>
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: product.features }} />
          </div>
        ) : tab === 'comments' ? (
          <Suspense fallback={<PageSpinner label="Loading comments…" />}>
            <ProductComments productId={product._id} />
          </Suspense>
        ) : tab === 'reviews' ? (
          <Suspense fallback={<PageSpinner label="Loading reviews…" />}>
            <ProductReviews productId={product._id} />
          </Suspense>
        ) : tab === 'inside' ? (
          <Suspense fallback={<PageSpinner label="Loading what’s inside…" />}>
            <ProductInside productId={product._id} />
          </Suspense>
        ) : (
          <Suspense fallback={<PageSpinner label="Loading versions…" />}>
            <ProductVersions productId={product._id} />
          </Suspense>
        )}
      </Tabs>
      {product.status === 'Approved' && <AlsoBoughtShelf productId={product._id} />}
    </div>
  );
}

/** Only its seller and admins reach a listing out of the store; the page says so before anything else. */
const NOT_PUBLIC: Record<Exclude<ProductStatus, 'Approved'>, string> = {
  Pending: 'Pending review — not public',
  ChangesRequested: 'Changes requested — not public',
  Rejected: 'Rejected — not public',
};

function NotPublicBanner({ status }: { status: ProductStatus }) {
  if (status === 'Approved') return null;
  return (
    <p className="alert alert-warning product-not-public" data-testid="not-public">
      <strong>{NOT_PUBLIC[status]}</strong>
      <span className="d-block small">Buyers will see this page once an admin approves it.</span>
    </p>
  );
}

/** "Version 1.2.0 · updated Nov 25, 2026": buyers see at a glance that the code is kept up. */
function LatestVersion({ release }: { release: ProductDetail['latestRelease'] }) {
  if (!release) return null;
  return (
    <p className="product-version">
      Version {release.version} · updated <time dateTime={release.publishedAt}>{formatDayUtc(release.publishedAt)}</time>
    </p>
  );
}

function StoreLinks({ product }: { product: ProductDetail }) {
  if (!product.googlePlayLink && !product.appStoreLink) return null;
  return (
    <div className="product-store-links">
      {product.googlePlayLink && (
        <a className="btn btn-dark" href={product.googlePlayLink} target="_blank" rel="noopener noreferrer">
          <PlayStoreIcon size={18} /> Google Play
        </a>
      )}
      {product.appStoreLink && (
        <a className="btn btn-dark" href={product.appStoreLink} target="_blank" rel="noopener noreferrer">
          <AppleIcon size={18} /> App Store
        </a>
      )}
    </div>
  );
}

function AuthorCard({ authorName }: { authorName: string }) {
  return (
    <section className="author-card" aria-label="Author">
      <span className="author-avatar" aria-hidden="true">
        {authorName.slice(0, 1).toUpperCase()}
      </span>
      <div>
        <p className="author-name">{authorName}</p>
        <Link to={`/${authorToSlug(authorName)}/portfolio`}>View Portfolio</Link>
      </div>
    </section>
  );
}
