import { useQuery } from "@tanstack/react-query";
import { useSession } from "../../../lib/session";
import { exercisesQuery } from "../api/get-exercises";
import { TrialPanel } from "./trial-panel";
import "../practice.css";

interface TopicTrialsProps {
  courseId: string;
  materialId: string;
  /** A submission passed: the page refreshes what depends on it (server progress, xp). */
  onPassed?: (firstPass: boolean) => void;
}

/** A topic's trials (auto-graded exercises), shown after its knowledge section. */
export function TopicTrials({ courseId, materialId, onPassed }: TopicTrialsProps) {
  const { user } = useSession();
  const list = useQuery(exercisesQuery(courseId, user?.email ?? "visitor"));

  if (list.isPending) {
    return (
      <p className="trial-state" role="status">
        Summoning this topic's trial...
      </p>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="form-message error trial-state">
        <p>The trials could not be loaded: {list.error.message}</p>
        <button type="button" className="btn btn-outline btn-small" onClick={() => list.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  // A topic without an exercise simply has no trial: nothing to show, nothing went wrong.
  const trials = list.data.filter((e) => e.materialId === materialId);
  if (trials.length === 0) return null;
  return (
    <>
      {trials.map((t, i) => (
        <TrialPanel
          key={t._id}
          summary={t}
          number={trials.length > 1 ? i + 1 : undefined}
          signedIn={Boolean(user)}
          onPassed={onPassed}
        />
      ))}
    </>
  );
}
