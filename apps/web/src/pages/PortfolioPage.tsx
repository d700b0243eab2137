import { useParams } from 'react-router';
import { slugToAuthor } from '@market/contracts';
import { GameGrid } from '@/features/catalogue';
import { QueryView, isEmptyList } from '@/components/query-view';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { PageHead } from '@/components/PageHead';
import { usePortfolioQuery } from '@/features/catalogue';
import { PortfolioBundles } from '@/features/bundles';

/** docs/product-spec.md §2.2: the products whose authorName is the slug with hyphens turned into spaces. */
export default function PortfolioPage() {
  const { portfolioName = '' } = useParams();
  const query = usePortfolioQuery(portfolioName);
  const author = query.data?.[0]?.authorName ?? slugToAuthor(portfolioName);
  return (
    <section className="container page-section">
      <PageHead title={`${author} Portfolio`} />
      <NoticeRegion />
      <h1 className="page-title">{author}</h1>
      <QueryView query={query} isEmpty={isEmptyList} empty="This studio has no games here yet">
        {(products) => <GameGrid products={products} label={`Games by ${author}`} />}
      </QueryView>
      <PortfolioBundles portfolio={portfolioName} author={author} />
    </section>
  );
}
