import { useEffect, useRef, useState } from 'react';

/** How long a page may take to show its heading (lazy code, then its data) before focus goes to <main>. */
const HEADING_WAIT_MS = 4000;

/**
 * After a client-side route change (never on the first load), moves focus to the new page's
 * h1 — or to <main> when the page has none — and announces the page title in a polite live
 * region, as a full page load would (WCAG 2.4.3, 4.1.3). A page whose heading arrives with its
 * data is waited for; if the reader moves focus elsewhere meanwhile, they keep it.
 */
export function RouteAnnouncer({ pathname }: { pathname: string }) {
  const [announcement, setAnnouncement] = useState('');
  // The path already shown: the first load, and StrictMode's second run of the effect, are no change.
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const main = document.getElementById('main-content');
    if (!main) return;
    const focusedAtStart = document.activeElement;
    let done = false;

    const settle = (target: HTMLElement) => {
      if (done) return;
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
      // The reader moved on by themselves while the page loaded: leave focus where they put it.
      if (document.activeElement !== focusedAtStart && document.activeElement !== document.body) return;
      if (target !== main && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      setAnnouncement(document.title);
    };
    const tryHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (heading) settle(heading);
    };

    const observer = new MutationObserver(tryHeading);
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => settle(main), HEADING_WAIT_MS);
    tryHeading();
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);

  return (
    <output className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </output>
  );
}
