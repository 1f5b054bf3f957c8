import { lazy, Suspense, useSyncExternalStore } from "react";
import { useSession } from "../lib/session";

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser has a connection; true while a prerendered page hydrates. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

const OfflineStatus = lazy(() => import("./offline-status"));

/**
 * The offline strip (app/offline-status.tsx), loaded only when it may have something to say: the
 * browser is offline, or a learner is signed in (their quiz answers may be waiting to be graded).
 * A visitor's first visit does without its code.
 */
export function OfflineStrip() {
  const online = useOnline();
  const { user } = useSession();
  if (online && !user) return null;
  return (
    <Suspense fallback={null}>
      <OfflineStatus />
    </Suspense>
  );
}
