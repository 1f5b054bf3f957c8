import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { isHydrating } from "../../lib/hydration";
import { useLowData } from "../../lib/low-data";
import { CAROUSEL_INTERVAL_MS, SLIDES, stepIndex } from "./slides";

function usePrefersReducedMotion(): boolean {
  const query = "(prefers-reduced-motion: reduce)";
  const [reduced, setReduced] = useState(() => !isHydrating() && window.matchMedia?.(query).matches);
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    setReduced(media.matches);
    const onChange = () => setReduced(media.matches);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);
  return Boolean(reduced);
}

/**
 * The five heroes of the kingdom. Auto-advances every 4 s unless hovered, focused, paused by the
 * visitor or the visitor prefers reduced motion; previous and next move by one and wrap.
 */
export function HeroCarousel() {
  // The low-data setting leaves the characters' pictures out.
  const lowData = useLowData();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !reducedMotion && !paused;
  const running = rotating && !hovered && !focused;
  const section = useRef<HTMLElement>(null);

  // A prerendered page hydrates only after it has painted: a pointer that was already over the
  // carousel (or focus already inside it) fired its events before React listened, so ask the page.
  useEffect(() => {
    const el = section.current;
    if (el?.matches(":hover")) setHovered(true);
    if (el?.matches(":focus-within")) setFocused(true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restarting on every index change gives a full 4 s after a manual move too
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setIndex((i) => stepIndex(i, 1)), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, index]);

  const slide = SLIDES[index] ?? SLIDES[0];
  if (!slide) return null;

  return (
    <section
      ref={section}
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Heroes of the kingdom"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-viewport" aria-live={rotating ? "off" : "polite"}>
        {/* A div, not a figure: the WAI-ARIA carousel pattern makes each slide a group, a role figure may not take. */}
        {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group */}
        <div
          key={slide.id}
          className="carousel-slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${SLIDES.length}`}
        >
          {!lowData && <img src={slide.image} alt={slide.alt} width="240" height="300" className="carousel-art" />}
          <div className="carousel-caption">
            <blockquote className="carousel-quote">
              <p>“{slide.quote}”</p>
            </blockquote>
            <p className="carousel-author">— {slide.author}</p>
          </div>
        </div>
      </div>

      <div className="carousel-nav">
        <button type="button" className="icon-ring carousel-button" onClick={() => setIndex((i) => stepIndex(i, -1))}>
          <ChevronLeft aria-hidden="true" />
          <span className="visually-hidden">Previous slide</span>
        </button>
        {reducedMotion ? null : (
          <button type="button" className="icon-ring carousel-button" onClick={() => setPaused((p) => !p)}>
            {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            <span className="visually-hidden">{paused ? "Start slide rotation" : "Stop slide rotation"}</span>
          </button>
        )}
        <button type="button" className="icon-ring carousel-button" onClick={() => setIndex((i) => stepIndex(i, 1))}>
          <ChevronRight aria-hidden="true" />
          <span className="visually-hidden">Next slide</span>
        </button>
        <div className="carousel-dots">
          {SLIDES.map((s, i) => (
            <button
              key={s.id}
              type="button"
              className="carousel-dot"
              aria-label={`Show slide ${i + 1}: ${s.author}`}
              aria-current={i === index ? "true" : undefined}
              onClick={() => setIndex(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
