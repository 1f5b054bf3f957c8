import { useEffect, useState, useSyncExternalStore } from "react";
import { isBusy, subscribeBusy } from "../lib/offline/busy";

/** After the page is interactive and the browser idle: the worker's script never competes with the page. */
function whenIdle(then: () => void) {
  const idle = () =>
    "requestIdleCallback" in window ? window.requestIdleCallback(then, { timeout: 5000 }) : setTimeout(then, 1000);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * Installs the offline app (the service worker) once the page is interactive, and offers a new
 * version when one is waiting: "A new version is ready - reload", never while a quiz is open (a
 * reload would lose its answers).
 */
export function UpdatePrompt() {
  const [activate, setActivate] = useState<(() => void) | null>(null);
  const busy = useSyncExternalStore(subscribeBusy, isBusy, () => false);
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    whenIdle(() => {
      void import("./pwa").then(({ registerServiceWorker }) =>
        registerServiceWorker((next) => setActivate(() => next)),
      );
    });
  }, []);
  if (!activate || busy) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version is ready - reload</span>
      <button type="button" className="btn btn-small" onClick={activate}>
        Reload
      </button>
    </div>
  );
}
