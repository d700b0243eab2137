import { Link } from 'react-router';
import { ComingSoonNote } from '@/components/ComingSoon';
import { PageHead } from '@/components/PageHead';

const HOME_SECTIONS = [
  'Trending Games',
  'Newly Uploaded Games',
  'Popular Of The Month',
  'Popular Of The Year',
  'Popular Of All Time',
] as const;

export default function HomePage() {
  return (
    <>
      <PageHead />
      <section className="hero">
        <div className="container">
          <div className="hero-content">
            <p className="hero-eyebrow">Game and app source code marketplace</p>
            <h1 className="hero-title">Upload, Explore, and Download Games Seamlessly.</h1>
            <p className="hero-text">
              Ready-to-ship Android, iOS and Unity projects from independent studios. Pick a Single or Multi App
              licence, download the complete source and publish your own version in days instead of months.
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
      </section>

      <section className="container page-section home-sections" aria-labelledby="catalogue-heading">
        <h2 id="catalogue-heading" className="section-title">
          Discover games
        </h2>
        <ul className="home-section-list">
          {HOME_SECTIONS.map((section) => (
            <li key={section}>{section}</li>
          ))}
        </ul>
        <ComingSoonNote>These sections fill with games as soon as the catalogue opens.</ComingSoonNote>
      </section>

      <section className="container page-section">
        <div className="earn-banner">
          <p className="earn-banner-text">Share Your Game, Earn Your Fame – Upload Now and Start Earning!</p>
          <Link to="/upload" className="btn btn-light">
            How selling works
          </Link>
        </div>
      </section>
    </>
  );
}
