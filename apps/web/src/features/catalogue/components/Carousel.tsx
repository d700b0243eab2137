import { Children, isValidElement, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { LIMITS } from '@market/contracts';
import { isKeyboardFocus } from './keyboardFocus';
import { usePrefersReducedMotion } from './useMediaQuery';

/** A slide counts as on screen when this much of it shows; the others are inert (no tab stops, not read out). */
const SHOWN_RATIO = 0.9;

/**
 * The slides drawn until the shelf first moves (and on the server's page): a full view (4 at the
 * widest) and the next one peeking in. The rest are drawn when a step, the autoplay or the reader's
 * own scroll moves the shelf, off screen to the right, so nothing on screen moves: the home page's
 * HTML carries 6 cards per shelf instead of up to 24, and a phone does not lay out five shelves of
 * cards nobody has looked at yet while the page is being taken over.
 */
const FIRST_SCREEN_SLIDES = 6;

/**
 * docs/product-spec.md §2.3 carousel as CSS scroll snap (no carousel library in the storefront chunk):
 * cards per view come from CSS (4, 3 ≤1200 px, 2.5 ≤768 px, 2 ≤576 px). It loops (the last
 * step rewinds to the first card), autoplays every 4 s and pauses on hover and keyboard focus,
 * and its Stop button stops it for good (WCAG 2.2.2). Slides off screen are inert, so the keyboard
 * visits only the cards in view and moves on with Previous and Next. Its controls sit below the
 * cards, never over a title or a price. Reduced motion: no autoplay, no smooth scrolling.
 */
export function Carousel({ label, children }: { label: string; children: ReactNode }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [moved, setMoved] = useState(false);
  const slides = Children.toArray(children);
  const drawn = moved ? slides : slides.slice(0, FIRST_SCREEN_SLIDES);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const shown = useShownSlides(trackRef, drawn.length);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || stopped || reducedMotion;

  function step(direction: 1 | -1) {
    // Drawn before measuring: the step's end and its wrap-around count every slide.
    if (!moved) flushSync(() => setMoved(true));
    const track = trackRef.current;
    const first = track?.firstElementChild as HTMLElement | null | undefined;
    if (!track || !first || typeof track.scrollTo !== 'function') return;
    const behavior = reducedMotion ? 'instant' : 'smooth';
    const slide = first.getBoundingClientRect().width + Number.parseFloat(getComputedStyle(track).columnGap || '0');
    const end = track.scrollWidth - track.clientWidth;
    const atEnd = track.scrollLeft >= end - 2;
    const atStart = track.scrollLeft <= 2;
    let left = track.scrollLeft + direction * slide;
    if (direction === 1 && atEnd) left = 0;
    if (direction === -1 && atStart) left = end;
    track.scrollTo({ left, behavior });
  }

  function drawOnFirstScroll() {
    if (!moved) startTransition(() => setMoved(true));
  }

  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  });

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => stepRef.current(1), LIMITS.autoplayMs);
    return () => window.clearInterval(timer);
  }, [paused]);

  return (
    // No landmark of its own: the home section around it is already the region with this name.
    <div className="shelf-carousel" data-layout="carousel">
      <div
        className="shelf-inner"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={(event) => setFocused(isKeyboardFocus(event.target))}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <ul className="shelf-track" ref={trackRef} onScroll={drawOnFirstScroll}>
          {drawn.map((child, index) => (
            <li
              key={isValidElement(child) && child.key !== null ? child.key : index}
              className="shelf-slide"
              inert={shown !== null && !shown.has(index)}
            >
              {child}
            </li>
          ))}
        </ul>
        <div className="shelf-controls">
          <button type="button" className="shelf-nav" aria-label={`Previous: ${label}`} onClick={() => step(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          {!reducedMotion && (
            <button
              type="button"
              className="shelf-nav shelf-stop"
              aria-label={stopped ? `Start ${label} slide show` : `Stop ${label} slide show`}
              onClick={() => setStopped((value) => !value)}
            >
              <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
            </button>
          )}
          <button type="button" className="shelf-nav" aria-label={`Next: ${label}`} onClick={() => step(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
    </div>
  );
}

/** Which slides are on screen, by their index; null until the browser has said (and where it cannot). */
function useShownSlides(trackRef: React.RefObject<HTMLUListElement | null>, slideCount: number): Set<number> | null {
  const [shown, setShown] = useState<Set<number> | null>(null);
  useEffect(() => {
    const track = trackRef.current;
    if (!track || typeof IntersectionObserver === 'undefined') return;
    const slides = [...track.children].slice(0, slideCount);
    const ratios = new Map<Element, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.set(entry.target, entry.intersectionRatio);
        setShown(new Set(slides.flatMap((slide, index) => ((ratios.get(slide) ?? 0) >= SHOWN_RATIO ? [index] : []))));
      },
      { root: track, threshold: [0, SHOWN_RATIO, 1] },
    );
    for (const slide of slides) observer.observe(slide);
    return () => observer.disconnect();
  }, [trackRef, slideCount]);
  return shown;
}
