import type { ReactNode } from 'react';
import { LANGUAGES, productTitle, type ProductDetail } from '@market/contracts';
import { DetailsDialog } from '@/components/DetailsDialog';
import { FormError } from '@/components/FormError';
import { PageSpinner } from '@/components/PageSpinner';
import { useProduct } from '@/features/product-editor';
import { useSession } from '@/features/auth';
import { ModerationHistory } from './ModerationHistory';
import { ModerationNote } from './ModerationNote';
import { ProductStatusBadge } from './ProductStatusBadge';
import { formatDollars } from '@/lib/format';

interface ViewProductModalProps {
  /** The product shown; null hides the dialog. */
  productId: string | null;
  onClose: () => void;
}

/** docs/product-spec.md §2.8: the product's details, read-only. */
export function ViewProductModal({ productId, onClose }: ViewProductModalProps) {
  return (
    <DetailsDialog show={productId !== null} title="Product Details" onClose={onClose}>
      {productId !== null && <ProductDetails productId={productId} />}
    </DetailsDialog>
  );
}

function ProductDetails({ productId }: { productId: string }) {
  const query = useProduct(productId);
  if (query.isPending) return <PageSpinner label="Loading product…" />;
  if (query.isError) {
    return (
      <>
        <FormError message={query.error.message} />
        <button type="button" className="btn btn-outline-primary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </>
    );
  }
  return <DetailsList product={query.data} />;
}

/** Admins see every decision on the product; its seller the last one, under the status. */
function ModerationSection({ productId }: { productId: string }) {
  const { user } = useSession();
  return user?.role === 'Admin' ? <ModerationHistory productId={productId} /> : null;
}

function ExternalLink({ href }: { href: string | null }) {
  if (!href) return <>—</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-break">
      {href}
    </a>
  );
}

/** Rich text comes sanitised by the server (DESIGN.md trust rules). */
function RichText({ html }: { html: string | null }) {
  if (!html) return <>—</>;
  return <div className="moderation-rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

function DetailsList({ product }: { product: ProductDetail }) {
  const rows: [string, ReactNode][] = [
    [
      'Status',
      <div key="status">
        <ProductStatusBadge status={product.status} />
        <ModerationNote moderation={product.moderation} />
      </div>,
    ],
    ['Type', product.type],
    ['Category', product.category],
    ['Sub Category', product.subCategory],
    ['Framework', product.frameWork ?? '—'],
    ['Single App License', formatDollars(product.singleAppLicense)],
    ['Multi App License', formatDollars(product.multiAppLicense)],
    ['Development Hours', product.developmentHours ?? '—'],
    ['Author Studio Name', product.authorName],
    ['Live Preview', <ExternalLink key="live" href={product.livePreview} />],
    ['YouTube Link', <ExternalLink key="yt" href={product.youtubeLink} />],
    ['Google Play Link', <ExternalLink key="gp" href={product.googlePlayLink} />],
    ['App Store Link', <ExternalLink key="as" href={product.appStoreLink} />],
    [
      'Product File',
      product.sourceCodeUrl ? (
        <a key="source" href={product.sourceCodeUrl}>
          Download source code
        </a>
      ) : (
        '—'
      ),
    ],
    ['Features', <RichText key="features" html={product.features} />],
    ['Reskin Features', <RichText key="reskin" html={product.reskinFeatures} />],
    ['Reskin Price', formatDollars(product.reskinPrice)],
  ];
  const languages = LANGUAGES.filter(({ code }) => product.title[code] !== undefined);

  return (
    <div className="moderation-details">
      <div className="d-flex flex-wrap gap-3 align-items-start mb-3">
        <img src={product.featureImg} alt="Feature artwork" className="moderation-feature-img" />
        <div>
          <h3 className="h5 text-break">{productTitle(product.title)}</h3>
          <img src={product.thumbnail} alt="Thumbnail" className="moderation-thumb" width={56} height={56} />
        </div>
      </div>
      <dl className="row mb-0">
        {rows.map(([label, value]) => (
          <div className="col-12 d-sm-flex py-1 border-bottom" key={label}>
            <dt className="col-sm-4 fw-semibold">{label}</dt>
            <dd className="col-sm-8 mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <ModerationSection productId={product._id} />
      {languages.map(({ code, label }) => (
        <section key={code} className="mt-3" aria-label={`${label} text`}>
          <h3 className="h6">{label}</h3>
          <p className="mb-1">
            <span className="fw-semibold">Title: </span>
            {product.title[code]}
          </p>
          <div className="mb-1">
            <span className="fw-semibold">Description: </span>
            <RichText html={product.description[code] ?? null} />
          </div>
          <p className="mb-0">
            <span className="fw-semibold">Keywords: </span>
            {(product.keywords[code] ?? []).join(', ') || '—'}
          </p>
        </section>
      ))}
      {product.screenshots.length > 0 && (
        <section className="mt-3" aria-label="Screenshots">
          <h3 className="h6">Screenshots</h3>
          <div className="moderation-screenshots">
            {product.screenshots.map((url, index) => (
              <img key={url} src={url} alt={`Screenshot ${index + 1}`} loading="lazy" />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
