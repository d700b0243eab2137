import { Children, useEffect, useState, type ReactNode } from 'react';
import { LIMITS } from '@market/contracts';
import { isKeyboardFocus } from './keyboardFocus';
import { usePrefersReducedMotion } from './useMediaQuery';
import './catalogue.css';

/**
 * docs/product-spec.md §2.3 hero: slides with dots that jump to a slide, autoplay every 4000 ms that pauses
 * on hover and keyboard focus (and with a pause button), a 1000 ms slide animation; with reduced motion
 * it neither autoplays nor animates.
 */
export function HeroSlider({ label, children }: { label: string; children: ReactNode }) {
  const slides = Children.toArray(children);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || stopped || reducedMotion;

  useEffect(() => {
    if (paused || slides.length < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % slides.length), LIMITS.autoplayMs);
    return () => window.clearInterval(timer);
  }, [paused, slides.length]);

  return (
    <section className="hero-slider" aria-roledescription="carousel" aria-label={label}>
      <div
        className="hero-inner"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={(event) => setFocused(isKeyboardFocus(event.target))}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <div className="hero-viewport">
          <div
            className="hero-track"
            style={{
              transform: `translateX(-${index * 100}%)`,
              transitionDuration: reducedMotion ? '0ms' : `${LIMITS.sliderAnimationMs}ms`,
            }}
          >
            {slides.map((slide, i) => (
              <div
                // oxlint-disable-next-line react/no-array-index-key -- slides are fixed and never reorder
                key={i}
                className="hero-slide"
                // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the APG carousel slide is a group
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                aria-hidden={i !== index}
                inert={i !== index}
              >
                {slide}
              </div>
            ))}
          </div>
        </div>
        <div className="hero-controls container">
          <div className="hero-dots">
            {slides.map((_, i) => (
              <button
                // oxlint-disable-next-line react/no-array-index-key -- one dot per fixed slide
                key={i}
                type="button"
                className={`hero-dot${i === index ? ' active' : ''}`}
                aria-label={`Show slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
          {!reducedMotion && (
            <button
              type="button"
              className="hero-pause"
              aria-label={stopped ? 'Start slide show' : 'Stop slide show'}
              onClick={() => setStopped((value) => !value)}
            >
              <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
