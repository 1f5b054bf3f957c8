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
 * Registers the service worker (src/sw.ts, built by Workbox through vite-plugin-pwa) and calls
 * `onWaiting` when a new version is installed and waiting for this page to let it take over.
 */
function registerServiceWorker(onWaiting: (worker: ServiceWorker) => void) {
  navigator.serviceWorker
    .register("/sw.js")
    .then((registration) => {
      // A new version waits only when an older one controls the page (not on the first install).
      const offer = () => {
        if (registration.waiting && navigator.serviceWorker.controller) onWaiting(registration.waiting);
      };
      offer();
      registration.addEventListener("updatefound", () => {
        registration.installing?.addEventListener("statechange", offer);
      });
    })
    .catch((err: unknown) => console.warn("The offline app could not be installed:", err));
}

/**
 * Installs the offline app (the service worker) once the page is interactive, and offers a new
 * version when one is waiting: "A new version is ready - reload", never while a quiz is open (a
 * reload would lose its answers).
 */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const busy = useSyncExternalStore(subscribeBusy, isBusy, () => false);
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    whenIdle(() => registerServiceWorker(setWaiting));
  }, []);
  if (!waiting || busy) return null;
  const reload = () => {
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
    waiting.postMessage({ type: "SKIP_WAITING" });
  };
  return (
    <div className="update-prompt" role="status">
      <span>A new version is ready - reload</span>
      <button type="button" className="btn btn-small" onClick={reload}>
        Reload
      </button>
    </div>
  );
}
