import { useLayoutEffect, useRef, useState } from 'react';
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
 * Bootstrap's navbar markup with a controlled collapse. The menu unfolds from 62em (992 px at the
 * default text size) rather than navbar-expand-lg's 992 px: em media queries follow the reader's
 * text size, so with 200% text a 1280 px window gets the folded menu instead of a header twice
 * the window's width (WCAG 1.4.4, 1.4.10). Hand-written rather than react-bootstrap's Navbar to
 * keep the transition machinery out of the storefront entry chunk.
 *
 * DOM order follows what is seen (WCAG 1.3.2, 2.4.3): folded, the search button and the cart sit
 * between the brand and the toggler; unfolded, the cart comes last, after the account area. Each
 * layout has its own cart link and the other one is display: none, so only one is ever read.
 */
export function Header() {
  const [expanded, setExpanded] = useState(false);
  const location = useLocation();
  const [menuLocationKey, setMenuLocationKey] = useState(location.key);
  const headerRef = useHeaderHeight();

  // Every menu choice navigates (a link to the current page too gets a new location key),
  // so a new location collapses the menu. Adjusted during render, not in an effect.
  if (menuLocationKey !== location.key) {
    setMenuLocationKey(location.key);
    setExpanded(false);
  }

  return (
    <header className="site-header" ref={headerRef}>
      <PromoBanner />
      <nav className="navbar navbar-dark site-navbar" aria-label="Main">
        <div className="container">
          <Link to="/" className="navbar-brand brand" aria-label="SourceMarket home">
            <span className="brand-mark" aria-hidden="true">
              <CodeIcon size={18} />
            </span>
            <span className="brand-text">
              Source<span className="brand-accent">Market</span>
            </span>
          </Link>
          <div className="header-actions header-when-folded">
            <MobileSearch />
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
            <SearchForm placeholder="App Search" className="header-search header-when-unfolded" />
            <ul className="navbar-nav header-account">
              <AccountArea />
            </ul>
            <div className="header-actions header-when-unfolded">
              <CartLink />
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}

/**
 * Keeps the CSS variable --header-height equal to the sticky header's height, which changes with
 * the width, the text size and the open menu; html's scroll-padding-top uses it so the header
 * never covers what focus scrolls to (WCAG 2.4.11).
 */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--header-height', `${header.offsetHeight}px`);
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
  return ref;
}
