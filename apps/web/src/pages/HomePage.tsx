import { useId } from 'react';
import { Link } from 'react-router';
import { HeroSlider } from '@/features/catalogue';
import { PageHead } from '@/components/PageHead';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { useListingQuery, usePopularQuery, type Listing } from '@/features/catalogue';
import { HeroProducts } from './home/HeroProducts';
import { HomeSection } from './home/HomeSection';

/** docs/product-spec.md §2.3: the home headline. */
const HEADLINE = 'Upload, Explore, and Download Games Seamlessly.';

const listingProducts = (listing: Listing) => listing.products;
const asIs = <T,>(list: T) => list;

export default function HomePage() {
  const onSale = useListingQuery('on-sale');
  const trending = useListingQuery('trending-games');
  const newest = useListingQuery('newly-uploading-games');
  const month = usePopularQuery('month');
  const year = usePopularQuery('year');
  const allTime = usePopularQuery('all');
  const newsletterId = useId();

  return (
    <>
      <PageHead />
      <NoticeRegion />
      {/* The page's heading stands outside the slider: a slide out of view is hidden from assistive
          technology, and the page would lose its h1 each time the first slide turns away. */}
      <h1 className="visually-hidden">{HEADLINE}</h1>
      <HeroSlider label="Highlights">
        <div className="container">
          <div className="hero-content">
            <p className="hero-eyebrow">Game and app source code marketplace</p>
            <p className="hero-title" aria-hidden="true">
              {HEADLINE}
            </p>
            <p className="hero-text">
              Ready-to-ship Android, iOS and Unity projects from independent studios. Pick a Single or Multi App licence, download the
              complete source and publish your own version in days instead of months.
            </p>
            <div className="d-flex flex-wrap gap-2">
              <Link to="/browse-game" className="btn btn-primary btn-lg">
                Explore Games
              </Link>
              <Link to="/upload" className="btn btn-outline-light btn-lg">
                Upload Your Game
              </Link>
            </div>
          </div>
        </div>
        <HeroProducts title="Newly Uploaded Games" products={newest.data?.products} pending={newest.isPending} />
        <HeroProducts title="Top 3 Downloaded Game of all Time" products={allTime.data} pending={allTime.isPending} />
      </HeroSlider>

      <div className="container page-section home-sections">
        {/* docs/decisions/0009 "Sales": only while something is on sale. */}
        <HomeSection title="On Sale" to="/on-sale" query={onSale} products={listingProducts} onlyWhenFilled />
        <HomeSection title="Trending Games" to="/trending-games" query={trending} products={listingProducts} />
        <HomeSection title="Newly Uploaded Games" to="/newly-uploading-games" query={newest} products={listingProducts} />
        <HomeSection title="Popular Of The Month" to="/popular-of-month" query={month} products={asIs} />
        <HomeSection title="Popular Of The Year" to="/popular-of-year" query={year} products={asIs} />
        <HomeSection title="Popular Of All Time" to="/popular-of-all-time" query={allTime} products={asIs} />
      </div>

      <section className="container page-section pt-0">
        <div className="earn-banner">
          <p className="earn-banner-text">Share Your Game, Earn Your Fame – Upload Now and Start Earning!</p>
          <Link to="/upload" className="btn btn-light">
            Upload Now
          </Link>
        </div>
      </section>

      <section className="container page-section pt-0" aria-labelledby={`${newsletterId}-title`}>
        <div className="newsletter-box">
          <h2 id={`${newsletterId}-title`} className="section-title mt-0">
            Subscribe to our newsletter
          </h2>
          <p className="text-secondary">New games and studio offers, now and then.</p>
          {/* docs/product-spec.md §2.3: the Subscribe box has no validation or action. */}
          <div className="newsletter-form">
            <label htmlFor={`${newsletterId}-email`} className="visually-hidden">
              Email address
            </label>
            <input id={`${newsletterId}-email`} type="email" className="form-control" placeholder="Email address" />
            <button type="button" className="btn btn-primary">
              Subscribe
            </button>
          </div>
        </div>
      </section>
    </>
  );
}
