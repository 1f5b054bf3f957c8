import type { MaterialSummary } from "@koc/shared";
import { useCallback, useEffect } from "react";
import { useLocation, useMatch, useNavigate, useSearchParams } from "react-router";
import { keepScroll, paths } from "../../../lib/paths";

/**
 * Brings a lesson's row to the top of the window, just below the sticky header (whose height
 * changes with the width: the menu wraps on a phone).
 */
export function scrollToLesson(materialId: string) {
  const row = document.getElementById(`material-${materialId}`);
  if (!row) return;
  const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
  row.style.setProperty("scroll-margin-top", `${Math.max(0, Math.round(header)) + 12}px`);
  // Instant, not smooth: the page may still be settling (the editor above loads lazily), and the
  // browser's scroll anchoring keeps an instant position while a smooth one would stop short.
  row.scrollIntoView?.({ block: "start" });
}

/** How long a lesson's row is held below the header while the page settles. */
const SETTLE_MS = 2_000;
/** How far the row may have moved while the page settles for it to be brought back. */
const SETTLE_DRIFT_PX = 120;

/** How far a lesson's row is from its place below the header. */
function drift(materialId: string): number {
  const row = document.getElementById(`material-${materialId}`);
  if (!row) return Number.POSITIVE_INFINITY;
  const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
  return Math.abs(row.getBoundingClientRect().top - (Math.max(0, Math.round(header)) + 12));
}

/** What the learner does to scroll (the page's own scrolling sends none of these). */
const LEARNER_SCROLLS = ["wheel", "touchstart", "keydown", "mousedown"] as const;

/**
 * Which lesson is open is the page's address: /course/{id}/lesson/{materialId}. Opening another
 * lesson (a row, a curriculum tile, Next) adds a history entry, so Back returns to the previous one,
 * a reload keeps it, and a copied link opens it for someone else. `unknown` is an address naming a
 * lesson that is not part of this course. An old address (?lesson=) is moved to the new one.
 */
export function useLessonAddress(courseId: string, materials: MaterialSummary[]) {
  const navigate = useNavigate();
  const { key } = useLocation();
  const requested = useMatch(paths.lessonPattern)?.params.materialId ?? null;
  const [searchParams] = useSearchParams();
  const legacy = searchParams.get("lesson");
  const focusExample = searchParams.get("focus") === "example";
  const loaded = materials.length > 0;
  const known = requested !== null && materials.some((m) => m._id === requested);
  const expanded = known ? requested : null;

  useEffect(() => {
    if (legacy && !requested) navigate(paths.lessonExample(courseId, legacy), { replace: true });
  }, [legacy, requested, courseId, navigate]);

  // Whenever the address names a lesson (a first visit, a reload, Back or Forward, Next), its row
  // comes into view once the list is at hand.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new visit of the same address (key) scrolls again
  useEffect(() => {
    if (!expanded) return;
    // Whether the row has been brought into view once (the observer's first call comes before that).
    let placed = false;
    const place = () => {
      placed = true;
      // The lesson's text may have been at hand at once: its example then already has the focus and
      // its place on screen (lesson-body), and moving the row to the top would take it away.
      const row = document.getElementById(`material-${expanded}`);
      if (focusExample && row?.contains(document.activeElement)) return;
      scrollToLesson(expanded);
    };
    let frame = requestAnimationFrame(place);
    // An address that asks for the lesson's first example: the lesson scrolls to that example and
    // focuses its Run button (lesson-body), so the row is not held at the top.
    if (focusExample) return () => cancelAnimationFrame(frame);
    // The page may still be settling after a reload or a deep link (fonts, the header's links, lazy
    // panels above the row): until the learner scrolls, and for a moment only, a change of the
    // page's or the header's size brings the row back below the header.
    const again = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // Only a small drift is the page settling; a row far from the header means something else
        // scrolled on purpose (a link to the editor, a test, the scrollbar), and the hold ends.
        if (!placed) place();
        else if (drift(expanded) > SETTLE_DRIFT_PX) settle();
        else scrollToLesson(expanded);
      });
    };
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(again);
    observer?.observe(document.body);
    const header = document.querySelector(".site-header");
    if (header) observer?.observe(header);
    const settle = () => {
      observer?.disconnect();
      for (const type of LEARNER_SCROLLS) window.removeEventListener(type, settle);
    };
    for (const type of LEARNER_SCROLLS) window.addEventListener(type, settle, { passive: true });
    const timer = setTimeout(settle, SETTLE_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      settle();
    };
  }, [expanded, key, focusExample]);

  const openLesson = useCallback(
    (materialId: string, options: { replace?: boolean } = {}) =>
      navigate(paths.lesson(courseId, materialId), options.replace ? { replace: true } : {}),
    [courseId, navigate],
  );
  const closeLesson = useCallback(() => navigate(paths.course(courseId), { state: keepScroll }), [courseId, navigate]);

  return {
    expanded,
    unknown: requested !== null && loaded && !known,
    focusExample: focusExample && expanded !== null,
    openLesson,
    toggleLesson: (materialId: string) => (expanded === materialId ? closeLesson() : openLesson(materialId)),
  };
}
