import { Workbox } from "workbox-window";

/**
 * Registers the service worker (src/sw.ts, built by vite-plugin-pwa). A new version waits until
 * the learner accepts the reload; `onWaiting` receives the function that activates it and reloads.
 */
export function registerServiceWorker(onWaiting: (activate: () => void) => void): void {
  const wb = new Workbox("/sw.js");
  wb.addEventListener("waiting", () =>
    onWaiting(() => {
      wb.addEventListener("controlling", () => window.location.reload());
      wb.messageSkipWaiting();
    }),
  );
  void wb.register().catch((err: unknown) => console.warn("The offline app could not be installed:", err));
}
