import { Link } from 'react-router';
import { LIMITS, productPagePath } from '@market/contracts';
import { productName, usePopularQuery } from '@/features/catalogue';

/**
 * docs/product-spec.md §2.1: the first 6 of the all-time popular list, each linking to its detail page.
 * Shares the home page's popular?period=all request.
 */
export function TopDownloadedGames() {
  const { data } = usePopularQuery('all');
  const games = (data ?? []).slice(0, LIMITS.footerTopGames);
  if (games.length === 0) return <p className="footer-empty">No downloads yet</p>;
  return (
    <ul className="footer-links footer-top-games">
      {games.map((game) => (
        <li key={game._id}>
          <Link to={productPagePath(game.slug)}>{productName(game)}</Link>
        </li>
      ))}
    </ul>
  );
}
