import { useEffect, useState } from "react";
import type { GradedEvent } from "../lib/offline/attempts";
import { useOnline } from "../lib/online";
import { useSession } from "../lib/session";
import { QueryProvider } from "./query-client";

interface OfflineStatusProps {
  notify: (text: string, tone?: "success" | "error" | "info") => void;
}

/**
 * Says when the learner is offline and how many quiz attempts and trial submissions wait to be graded; when the
 * connection returns it sends them (lib/offline/attempts.ts) and shows the server's grades.
 */
export default function OfflineStatus({ notify }: OfflineStatusProps) {
  return (
    <QueryProvider>
      <OfflineStatusInCache notify={notify} />
    </QueryProvider>
  );
}

function OfflineStatusInCache({ notify }: OfflineStatusProps) {
  // The signed-in learner (their waiting attempts), from the app's query cache; none for a visitor.
  const email = useSession().user?.email;
  const online = useOnline();
  const [waiting, setWaiting] = useState(0);

  useEffect(() => {
    if (!email) {
      setWaiting(0);
      return;
    }
    let current = true;
    const onChange = (e: Event) => current && setWaiting((e as CustomEvent<number>).detail);
    const onGraded = (e: Event) => {
      const { attempt, result, submission, refused } = (e as CustomEvent<GradedEvent>).detail;
      if (submission) {
        const verdict = submission.passed
          ? "passed"
          : "not passed yet: open the trial to see the failed cases and strike again";
        notify(`${attempt.label}: judged by the server, ${verdict}.`, submission.passed ? "success" : "info");
      } else if (result) {
        const verdict = result.passed ? "passed" : "not passed yet: review the topic and try again";
        notify(
          `${attempt.label}: graded by the server, ${result.score}% (${verdict}).`,
          result.passed ? "success" : "info",
        );
      } else notify(`${attempt.label}: the server did not grade it (${refused ?? "refused"}).`, "error");
    };
    let off: () => void = () => {};
    void import("../lib/offline/attempts").then(async ({ attemptEvents, flushAttempts, waitingCount }) => {
      if (!current) return;
      attemptEvents.addEventListener("change", onChange);
      attemptEvents.addEventListener("graded", onGraded);
      off = () => {
        attemptEvents.removeEventListener("change", onChange);
        attemptEvents.removeEventListener("graded", onGraded);
      };
      const count = await waitingCount();
      if (current) setWaiting(count);
      if (count > 0 && navigator.onLine) await flushAttempts();
    });
    return () => {
      current = false;
      off();
    };
  }, [email, notify]);

  // Back online: the waiting attempts go to the server, in the order they were made.
  useEffect(() => {
    if (online && email && waiting > 0) void import("../lib/offline/attempts").then((m) => m.flushAttempts());
  }, [online, email, waiting]);

  if (online && waiting === 0) return null;
  return (
    <div className="offline-status" role="status">
      {!online && <span>You are offline. Courses you saved for offline still open.</span>}
      {waiting > 0 && (
        <span className="offline-waiting">
          {waiting === 1 ? "1 waiting to be graded" : `${waiting} waiting to be graded`}
        </span>
      )}
    </div>
  );
}
