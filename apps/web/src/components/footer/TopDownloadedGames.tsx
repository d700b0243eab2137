/**
 * SPEC.md 2.1: the first 6 of the all-time popular list, each linking to its detail page.
 * The catalogue release plugs GET /api/product/popular?period=all in here; until then there
 * is nothing downloaded to list.
 */
export function TopDownloadedGames() {
  return <p className="footer-empty">No downloads yet</p>;
}
