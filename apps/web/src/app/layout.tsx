import { lazy, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { FloatingMentor } from "../features/mentor/floating-mentor";
import type { keepScroll } from "../lib/paths";
import { Footer } from "./footer";
import { Header } from "./header";
import "./layout.css";
import { OfflineStrip } from "./offline-strip";
import { RouteErrorBoundary } from "./route-error";
import { UpdatePrompt } from "./update-prompt";

/** The query cache's provider, for the mentor's chat (it loads on the chat's first open). */
const QueryCache = lazy(() => import("./query-client").then((m) => ({ default: m.QueryProvider })));

const lessonAddress = /^\/course\/[^/]+\/lesson\/[^/]+\/?$/;

/**
 * A new page starts at its top (or at its #anchor); going back or forward leaves the scrolling to
 * the browser, which restores where the reader was.
 */
function ScrollToTop() {
  const { pathname, hash, state } = useLocation();
  const navigation = useNavigationType();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page (its path) changes; a new ?query on the same page keeps its place
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A lesson's address: the course page scrolls to the lesson itself, once the lesson list is at
    // hand; so does a move within a course page that says so (closing a lesson).
    if (navigation === "POP" || lessonAddress.test(pathname) || (state as typeof keepScroll | null)?.keepScroll) return;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigation]);
  return null;
}

/** The shared frame of every page: header, main content, footer and the floating mentor. */
export function Layout() {
  const { pathname } = useLocation();
  // No Suspense around the page: a prerendered page must come out of the build complete, with no
  // boundary left to fill in (React outlines a large boundary into a script our CSP refuses). The
  // browser loads the first page's module before rendering (main.tsx), and later pages render in a
  // transition (the router's), so the current page stays until the next one is ready.
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <OfflineStrip />
      <main id="main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <Footer />
      <FloatingMentor cache={QueryCache} />
      <ScrollToTop />
      <UpdatePrompt />
    </>
  );
}
