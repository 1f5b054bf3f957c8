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
 * prerender) is fetched only once the browser has painted it, leaving the network to the HTML,
 * CSS and fonts until then. Every other page starts the app at once.
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

if (document.getElementById(PRELOAD_ID)) requestAnimationFrame(() => setTimeout(start, 0));
else start();
