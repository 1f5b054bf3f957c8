import { lazy, Suspense } from "react";
import { useAlerts } from "../components/alerts";
import { useOnline } from "../lib/online";
import { useSignedIn } from "../lib/signed-in";

const OfflineStatus = lazy(() => import("./offline-status"));

/**
 * The offline strip (app/offline-status.tsx), loaded only when it may have something to say: the
 * browser is offline, or a learner is signed in (their quiz answers and trial submissions may be
 * waiting to be graded). A visitor's first visit does without its code.
 */
export function OfflineStrip() {
  const online = useOnline();
  const signedIn = useSignedIn();
  const { notify } = useAlerts();
  if (online && !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <OfflineStatus notify={notify} />
    </Suspense>
  );
}
