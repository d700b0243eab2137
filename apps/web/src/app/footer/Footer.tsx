import { Link } from 'react-router';
import { FacebookIcon, GlobeIcon, LinkedInIcon, PhoneIcon, XIcon } from '@/components/icons';
import { uploadPathOf, useSession } from '@/features/auth';
import { StoreBadges } from './StoreBadges';
import { TopDownloadedGames } from './TopDownloadedGames';

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://x.com/', label: 'X (Twitter)', Icon: XIcon },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', Icon: LinkedInIcon },
] as const;

const COPYRIGHT_YEAR = new Date().getFullYear();

export function Footer() {
  const { user } = useSession();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row gy-4">
          <div className="col-6 col-md-3 col-lg-2">
            <h2 className="footer-heading">Help</h2>
            <ul className="footer-links">
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/browse-game">Browse Games</Link>
              </li>
              <li>
                {/* docs/product-spec.md 2.1: /login for a visitor; a signed-in seller goes straight to the form. */}
                <Link to={user ? uploadPathOf(user) : '/login'}>Upload Your Game</Link>
              </li>
              <li>
                <Link to="/about-us">About</Link>
              </li>
            </ul>
          </div>
          <div className="col-6 col-md-3 col-lg-2">
            <h2 className="footer-heading">Legal</h2>
            <ul className="footer-links">
              <li>
                <Link to="/privacy-policy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/how-we-rank">How we rank</Link>
              </li>
            </ul>
          </div>
          <div className="col-12 col-md-6 col-lg-4">
            <h2 className="footer-heading">Top Downloaded Games</h2>
            <TopDownloadedGames />
          </div>
          <div className="col-12 col-lg-4">
            <h2 className="footer-heading">Contact Us</h2>
            <ul className="footer-contact">
              <li>
                <GlobeIcon size={16} />
                <a href="https://www.example.com">www.example.com</a>
              </li>
              <li>
                <PhoneIcon size={16} />
                <a href="tel:+10000000000">+1 (000) 000-0000</a>
              </li>
            </ul>
            <ul className="footer-social">
              {SOCIAL_LINKS.map(({ href, label, Icon }) => (
                <li key={label}>
                  <a href={href} aria-label={label} target="_blank" rel="noopener noreferrer">
                    <Icon size={18} />
                  </a>
                </li>
              ))}
            </ul>
            <StoreBadges />
          </div>
        </div>
        <p className="footer-copyright">© {COPYRIGHT_YEAR} Source Code Marketplace. All rights reserved.</p>
      </div>
    </footer>
  );
}
