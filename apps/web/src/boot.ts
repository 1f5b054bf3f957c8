import "@fontsource/cinzel/400.css";
import "@fontsource/cinzel/700.css";
import "@fontsource/source-sans-3/400.css";
import "@fontsource/source-sans-3/600.css";
import "@fontsource/source-sans-3/700.css";
import "@fontsource/jetbrains-mono/400.css";
import "./lib/theme.css";
import { PRELOAD_ID } from "./app/prerender-state";

/**
 * The page's entry: the global styles, then the app. A prerendered page is readable as it
 * arrives, so the app's JavaScript (React, the router, the page's module, listed by the
 * prerender) is fetched only once the browser reports that it has painted the page's content
 * (its first-contentful-paint entry: the frame has been shown, not only drawn), leaving the
 * network and the main thread to the HTML, CSS and fonts until then. Every other page starts
 * the app at once.
 */
function start() {
  const list = document.getElementById(PRELOAD_ID)?.textContent;
  for (const href of list ? (JSON.parse(list) as string[]) : []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  void import("./main");
}

/** Runs `then` once, after the first contentful paint; a page that never paints (a tab opened in
 * the background) or a browser without paint timing starts after a frame or at the latest in 5 s. */
function afterFirstPaint(then: () => void) {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    then();
  };
  if (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) setTimeout(once, 0);
    });
    observer.observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
  setTimeout(once, 5000);
}

if (document.getElementById(PRELOAD_ID)) afterFirstPaint(start);
else start();
