import type { ProductSummary } from '@market/contracts';
import { LIMITS } from '@market/contracts';
import { Carousel } from './Carousel';
import { GameCard } from './GameCard';

/** A plain grid of cards: 4 columns from 992 px, 3 from 768 px, 2 below. */
export function GameGrid({ products, label }: { products: ProductSummary[]; label?: string }) {
  return (
    <ul className="game-grid" aria-label={label} data-layout="grid">
      {products.map((product) => (
        <li key={product._id}>
          <GameCard product={product} />
        </li>
      ))}
    </ul>
  );
}

/** SPEC.md 2.3: a carousel, or a plain 4-column grid at 3 games or fewer. */
export function GameShelf({ products, label }: { products: ProductSummary[]; label: string }) {
  if (products.length <= LIMITS.carouselToGridMaxItems) return <GameGrid products={products} label={label} />;
  return (
    <Carousel label={label}>
      {products.map((product) => (
        <GameCard key={product._id} product={product} />
      ))}
    </Carousel>
  );
}
