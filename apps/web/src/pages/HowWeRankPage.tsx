import { Link } from 'react-router';
import { PageHead } from '@/components/PageHead';

/**
 * The ranking of search results, stated exactly as docs/decisions/0019 "How we rank" decides it:
 * each input in the order it counts, and that no seller can pay to move up.
 */
export default function HowWeRankPage() {
  return (
    <article className="container page-section prose-page">
      <PageHead
        title="How we rank"
        description="What decides the order of search results on the marketplace, and that no placement is paid for."
      />
      <h1 className="page-title">How we rank</h1>
      <p className="lead">
        When you search, results are ordered by four things, in this order. A later one only decides between games the earlier ones leave
        equal.
      </p>
      <p>
        <strong>There is no paid placement.</strong> No seller can pay to appear higher, and every seller&apos;s games are ranked the same
        way.
      </p>
      <ol className="how-we-rank-steps">
        <li>
          <h2 className="section-title">How well the game matches your words</h2>
          <p>Every word you type must be found in the game. Where a word is found decides how much it counts:</p>
          <ul>
            <li>the title, in any language: weight 10;</li>
            <li>
              the keywords, category, sub category (genre), framework, the engine found in the source code, the author&apos;s studio name
              and the seller&apos;s name: weight 5;
            </li>
            <li>the description: weight 1.</li>
          </ul>
          <p>
            A word counts fully when it matches exactly, a little less when it is the start of a longer word (&ldquo;plat&rdquo; finds
            &ldquo;platformer&rdquo;), and less again when it is misspelt: words of 5 letters or more may have one letter dropped, added,
            changed or two neighbours swapped (&ldquo;platfromer&rdquo; finds &ldquo;platformer&rdquo;), and words of 9 letters or more two.
            Your text is also translated to English, and a game is ranked by the better of the two.
          </p>
        </li>
        <li>
          <h2 className="section-title">Rating</h2>
          <p>
            Buyers&apos; reviews count as a weighted (Bayesian) average: the sum of a game&apos;s ratings plus 5 times the average rating of
            every review on the marketplace, divided by the number of its reviews plus 5. A game with a single 5-star review therefore does
            not outrank one with forty reviews of 4.8 stars.
          </p>
          <p>
            <strong>rating = (5 × C + sum of the game&apos;s ratings) ÷ (5 + number of its reviews)</strong>, where C is the average of
            every review on the marketplace.
          </p>
        </li>
        <li>
          <h2 className="section-title">Sales</h2>
          <p>Licences sold, of all time, then downloads: the same figures as the bestseller lists.</p>
        </li>
        <li>
          <h2 className="section-title">Recency</h2>
          <p>Newer uploads first. Games equal in everything keep one fixed order, so paging never repeats or skips a game.</p>
        </li>
      </ol>
      <h2 className="section-title">Other orders</h2>
      <p>The &ldquo;Sort by&rdquo; menu on the results offers other orders too:</p>
      <ul>
        <li>Newest: by upload time.</li>
        <li>Best selling: by sales, then recency.</li>
        <li>Top rated: by the weighted rating above, then the number of reviews, then recency.</li>
        <li>Price, low to high or high to low: by the Single App License price, then recency.</li>
      </ul>
      <p>
        Relevance, the order described above, is the first choice whenever you have typed text; without text, as when you{' '}
        <Link to="/browse-game">browse all games</Link>, the newest come first.
      </p>
    </article>
  );
}
