import type { ProductSummary } from '@market/contracts';
import { LIMITS } from '@market/contracts';
import { Carousel } from './Carousel';
import { type CardHeadingLevel, GameCard } from './GameCard';

/**
 * A plain grid of cards: 4 columns from 992 px, 3 from 768 px, 2 below. Pages put it right under
 * their h1, so its cards are h2 unless it sits in a section (a shelf).
 */
export function GameGrid({
  products,
  label,
  headingLevel = 2,
  leadFirst = true,
}: {
  products: ProductSummary[];
  label?: string;
  headingLevel?: CardHeadingLevel;
  /** The grid is the page's main content: its first image is likely the largest paint. */
  leadFirst?: boolean;
}) {
  return (
    <ul className="game-grid" aria-label={label} data-layout="grid">
      {products.map((product, index) => (
        <li key={product._id}>
          <GameCard product={product} headingLevel={headingLevel} lead={leadFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}

/** docs/product-spec.md §2.3: a carousel, or a plain 4-column grid at 3 games or fewer; it sits under a section's h2. */
export function GameShelf({ products, label }: { products: ProductSummary[]; label: string }) {
  if (products.length <= LIMITS.carouselToGridMaxItems)
    return <GameGrid products={products} label={label} headingLevel={3} leadFirst={false} />;
  return (
    <Carousel label={label}>
      {products.map((product) => (
        <GameCard key={product._id} product={product} />
      ))}
    </Carousel>
  );
}
