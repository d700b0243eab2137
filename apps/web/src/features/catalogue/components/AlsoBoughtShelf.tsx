import { useId } from 'react';
import { useAlsoBoughtQuery } from '../api/alsoBought';
import { GameGrid } from './GameShelf';

/**
 * "Buyers also bought" under a product: nothing at all until there is something to show, since a
 * shelf that is loading, failed or empty would only push the page's own content around.
 */
export function AlsoBoughtShelf({ productId }: { productId: string }) {
  const query = useAlsoBoughtQuery(productId);
  const headingId = useId();
  if (!query.data || query.data.length === 0) return null;
  return (
    <section className="also-bought mt-5" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        Buyers also bought
      </h2>
      <GameGrid products={query.data} label="Buyers also bought" headingLevel={3} leadFirst={false} />
    </section>
  );
}
