import { lazy, Suspense, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '@/features/auth';
import { MobileSearch, SearchForm } from '@/features/search';
import { CodeIcon } from '@/components/icons';
import { AccountArea } from './AccountArea';
import { CartLink } from './CartLink';
import { PromoBanner } from './PromoBanner';

const UnreadBadge = lazy(() => import('@/features/notifications').then((module) => ({ default: module.UnreadBadge })));

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/browse-game', label: 'Browse Games' },
  { to: '/upload', label: 'Upload' },
  { to: '/hire-developer', label: 'Hire Developer' },
  { to: '/contact-us', label: 'Contact' },
] as const;

/**
 * Bootstrap's navbar markup with a controlled collapse. The menu unfolds from 62em (992 px at the
 * default text size) rather than navbar-expand-lg's 992 px, and only when its links, search and
 * account fit in the row (useFoldWhenCrowded): text made larger by the page's zoom or a long name
 * folds it instead of making the header wider than the window (WCAG 1.4.4, 1.4.10). Hand-written
 * rather than react-bootstrap's Navbar to keep the transition machinery out of the storefront
 * entry chunk.
 *
 * DOM order follows what is seen (WCAG 1.3.2, 2.4.3): folded, the search button and the cart sit
 * between the brand and the toggler; unfolded, the cart comes last, after the account area. Each
 * layout has its own cart link and the other one is display: none, so only one is ever read.
 */
export function Header() {
  const [expanded, setExpanded] = useState(false);
  const location = useLocation();
  const [menuLocationKey, setMenuLocationKey] = useState(location.key);
  const { ref: headerRef, tall } = useHeaderHeight();
  const navRef = useRef<HTMLElement>(null);
  const crowded = useFoldWhenCrowded(navRef);
  const { user } = useSession();

  // Every menu choice navigates (a link to the current page too gets a new location key),
  // so a new location collapses the menu. Adjusted during render, not in an effect.
  if (menuLocationKey !== location.key) {
    setMenuLocationKey(location.key);
    setExpanded(false);
  }

  return (
    <header className={`site-header${tall ? ' scrolls-away' : ''}`} ref={headerRef}>
      <PromoBanner />
      <nav ref={navRef} className={`navbar navbar-dark site-navbar${crowded ? ' is-folded' : ''}`} aria-label="Main">
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
            onClick={() => setExpanded((open) => !open)}
          >
            <span className="navbar-toggler-icon" />
            <span className="visually-hidden">Toggle navigation</span>
            {user && (
              <Suspense fallback={null}>
                <UnreadBadge />
              </Suspense>
            )}
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
 * Folds the menu when the unfolded row would be wider than its container. Measured unfolded, before
 * paint, whenever the row's width, the text size (the brand's size) or what the row holds changes.
 */
function useFoldWhenCrowded(navRef: RefObject<HTMLElement | null>): boolean {
  const [crowded, setCrowded] = useState(false);
  useLayoutEffect(() => {
    const nav = navRef.current;
    const row = nav?.querySelector<HTMLElement>(':scope > .container');
    if (!nav || !row || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const wasFolded = nav.classList.contains('is-folded');
      nav.classList.remove('is-folded');
      const overflows = row.scrollWidth > row.clientWidth + 1;
      nav.classList.toggle('is-folded', wasFolded);
      setCrowded(overflows);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const part of [row, ...row.querySelectorAll<HTMLElement>('.brand, .main-nav, .header-account')]) observer.observe(part);
    return () => observer.disconnect();
  }, [navRef]);
  return crowded;
}

/** The most of the window a sticky header may hold. */
const TALLEST_STICKY_SHARE = 0.2;

/**
 * Keeps the CSS variable --header-height equal to the sticky header's height, which changes with
 * the width, the text size and the open menu; html's scroll-padding-top uses it so the header
 * never covers what focus scrolls to (WCAG 2.4.11).
 */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  const [tall, setTall] = useState(false);
  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () => {
      // A header taller than a fifth of the window (large text, a short window) scrolls away with
      // the page rather than covering it: at 200% text it held 232 of 800 px.
      // The open folded menu does not count: opening it must not send the header off screen.
      const openMenu = header.querySelector<HTMLElement>('.navbar-collapse.show');
      const closedHeight = header.offsetHeight - (openMenu?.offsetHeight ?? 0);
      const tooTall = closedHeight > window.innerHeight * TALLEST_STICKY_SHARE;
      setTall(tooTall);
      root.style.setProperty('--header-height', tooTall ? '0px' : `${header.offsetHeight}px`);
    };
    update();
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(header);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty('--header-height');
    };
  }, []);
  return { ref, tall };
}
