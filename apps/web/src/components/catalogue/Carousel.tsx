import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '@market/contracts';
import { isKeyboardFocus } from './keyboardFocus';
import { usePrefersReducedMotion } from './useMediaQuery';

/**
 * SPEC.md 2.3 carousel as CSS scroll snap (no carousel library in the storefront chunk):
 * cards per view come from CSS (4, 3 ≤1200 px, 2.5 ≤768 px, 2 ≤576 px). It loops (the last
 * step rewinds to the first card), autoplays every 4 s and pauses on hover and keyboard focus.
 * Reduced motion: no autoplay, no smooth scrolling.
 */
export function Carousel({ label, children }: { label: string; children: ReactNode }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || reducedMotion;

  function step(direction: 1 | -1) {
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
        <ul className="shelf-track" ref={trackRef}>
          {Children.map(children, (child) => (
            <li className="shelf-slide">{child}</li>
          ))}
        </ul>
        <button type="button" className="shelf-nav shelf-prev" aria-label={`Previous: ${label}`} onClick={() => step(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="shelf-nav shelf-next" aria-label={`Next: ${label}`} onClick={() => step(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
