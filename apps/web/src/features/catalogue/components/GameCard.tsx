import { useId } from 'react';
import { Link } from 'react-router';
import { imageSrcSet, productPagePath, type ProductSummary } from '@market/contracts';
import { addToCart } from '@/features/cart';
import { recordView } from '../api/recordView';
import { productName } from '../parse';
import { CartIcon } from '@/components/icons';
import { showNotice } from '@/components/notice/notices';
import { CardTitle } from './CardTitle';
import { CategoryIcon } from '@/components/CategoryIcon';
import { Stars } from '@/components/Stars';
import { SalePrice } from '@/components/SalePrice';
import { formatDollars } from '@/lib/format';
import './catalogue.css';

export function detailPath(product: Pick<ProductSummary, 'slug'>): string {
  return productPagePath(product.slug);
}

/** A card is a quarter of the container from 1200 px, about a third from 768 px, half below. */
const CARD_IMAGE_SIZES = '(min-width: 1200px) 270px, (min-width: 768px) 34vw, 50vw';

/** A card's title is one level below the heading its list sits under. */
export type CardHeadingLevel = 2 | 3;

/**
 * docs/product-spec.md §2.3 game card. The title link stretches over the card; its buttons sit above it. A `lead`
 * card is the first a page shows: its image is fetched at once, the others as they near the screen.
 */
export function GameCard({
  product,
  headingLevel = 3,
  lead = false,
}: {
  product: ProductSummary;
  headingLevel?: CardHeadingLevel;
  lead?: boolean;
}) {
  const name = productName(product);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();

  function handleAddToCart() {
    const result = addToCart(product);
    showNotice(result.message, result.added ? 'success' : 'info');
  }

  return (
    <article className="game-card">
      <img
        className="game-card-img"
        src={product.thumbnail}
        srcSet={imageSrcSet(product.thumbnail, 'thumbnail')}
        sizes={CARD_IMAGE_SIZES}
        alt={name}
        width={400}
        height={250}
        loading={lead ? 'eager' : 'lazy'}
        fetchPriority={lead ? 'high' : 'auto'}
        decoding="async"
      />
      <div className="game-card-body">
        <Heading className="game-card-title" id={titleId} title={name}>
          <Link to={detailPath(product)} className="stretched-link" onClick={() => recordView(product._id)}>
            <CardTitle title={name} />
          </Link>
        </Heading>
        <p className="game-card-category">
          <CategoryIcon category={product.category} />
          {product.category}
        </p>
        {product.rating && (
          <p className="game-card-rating">
            <Stars rating={product.rating.average} />
            <span aria-hidden="true"> ({product.rating.count})</span>
            <span className="visually-hidden">
              {' '}
              from {product.rating.count} {product.rating.count === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        )}
        <div className="game-card-footer">
          <span className="game-card-price">
            {product.sale ? (
              <SalePrice
                listed={formatDollars(product.singleAppLicense)}
                price={formatDollars(product.sale.singleAppLicense)}
                percent={product.sale.percent}
              />
            ) : (
              formatDollars(product.singleAppLicense)
            )}
          </span>
          <a className="game-card-preview" href={product.livePreview} target="_blank" rel="noopener noreferrer" aria-describedby={titleId}>
            Live Preview<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <button
            type="button"
            className="btn game-card-cart"
            aria-label="Add to cart"
            aria-describedby={titleId}
            onClick={handleAddToCart}
          >
            <CartIcon size={18} />
          </button>
        </div>
      </div>
    </article>
  );
}
