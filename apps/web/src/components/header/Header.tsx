import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { MobileSearch, SearchForm } from '@/features/search';
import { CodeIcon } from '@/components/icons';
import { AccountArea } from './AccountArea';
import { CartLink } from './CartLink';
import { PromoBanner } from './PromoBanner';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/browse-game', label: 'Browse Games' },
  { to: '/upload', label: 'Upload' },
  { to: '/hire-developer', label: 'Hire Developer' },
  { to: '/contact-us', label: 'Contact' },
] as const;

/**
 * Bootstrap's own navbar markup with a controlled collapse: below 992 px (navbar-expand-lg)
 * the menu folds behind the toggler. Hand-written rather than react-bootstrap's Navbar to keep
 * the transition machinery out of the storefront entry chunk.
 */
export function Header() {
  const [expanded, setExpanded] = useState(false);
  const location = useLocation();
  const [menuLocationKey, setMenuLocationKey] = useState(location.key);

  // Every menu choice navigates (a link to the current page too gets a new location key),
  // so a new location collapses the menu. Adjusted during render, not in an effect.
  if (menuLocationKey !== location.key) {
    setMenuLocationKey(location.key);
    setExpanded(false);
  }

  return (
    <header className="site-header">
      <PromoBanner />
      <nav className="navbar navbar-expand-lg navbar-dark site-navbar" aria-label="Main">
        <div className="container">
          <Link to="/" className="navbar-brand brand" aria-label="SourceMarket home">
            <span className="brand-mark" aria-hidden="true">
              <CodeIcon size={18} />
            </span>
            <span className="brand-text">
              Source<span className="brand-accent">Market</span>
            </span>
          </Link>
          <div className="header-actions order-lg-last">
            <MobileSearch className="d-lg-none" />
            <CartLink />
          </div>
          <button
            type="button"
            className="navbar-toggler"
            aria-controls="main-navigation"
            aria-expanded={expanded}
            aria-label="Toggle navigation"
            onClick={() => setExpanded((open) => !open)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="main-navigation" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
            <ul className="navbar-nav me-auto main-nav">
              {NAV_LINKS.map((link) => (
                <li className="nav-item" key={link.to}>
                  <NavLink to={link.to} end={link.to === '/'} className="nav-link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <SearchForm placeholder="App Search" className="d-none d-lg-flex header-search" />
            <ul className="navbar-nav header-account">
              <AccountArea />
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}
