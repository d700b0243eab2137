import { Link } from 'react-router';
import { imageSrcSet, type ProductSummary } from '@market/contracts';
import { LIMITS } from '@market/contracts';
import { detailPath } from '@/features/catalogue';
import { formatDollars } from '@/lib/format';
import { SalePrice } from '@/components/SalePrice';
import { productName, recordView } from '@/features/catalogue';

/** Slides 2 and 3: a heading and three games, each linking to its detail page. */
export function HeroProducts({ title, products, pending }: { title: string; products: ProductSummary[] | undefined; pending: boolean }) {
  const shown = (products ?? []).slice(0, LIMITS.heroItems);
  return (
    <div className="container hero-content-wide">
      <h2 className="hero-title hero-title-sm">{title}</h2>
      {pending ? (
        <p className="hero-text">Loading games…</p>
      ) : shown.length === 0 ? (
        <p className="hero-text">No games here yet</p>
      ) : (
        <ul className="hero-products">
          {shown.map((product) => (
            <li key={product._id}>
              <Link to={detailPath(product)} className="hero-product" onClick={() => recordView(product._id)}>
                <img
                  src={product.thumbnail}
                  srcSet={imageSrcSet(product.thumbnail, 'thumbnail')}
                  sizes="(min-width: 768px) 200px, 30vw"
                  alt=""
                  width={400}
                  height={250}
                  // Slides 2 and 3 are off screen at first: no preload in the head, fetched as the slider nears them.
                  loading="lazy"
                  decoding="async"
                />
                <span className="hero-product-title">{productName(product)}</span>
                <span className="hero-product-price">
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
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
