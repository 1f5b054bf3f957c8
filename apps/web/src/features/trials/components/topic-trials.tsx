import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { exercisesQuery } from "../api/get-exercises";
import { TrialPanel } from "./trial-panel";
import "../trials.css";
import { QueryError } from "../../../components/query-state";

interface TopicTrialsProps {
  courseId: string;
  materialId: string;
  /** A submission passed: the page refreshes what depends on it (server progress, xp). */
  onPassed?: (firstPass: boolean) => void;
}

/** A topic's trials (auto-graded exercises), shown after its knowledge section. */
export function TopicTrials({ courseId, materialId, onPassed }: TopicTrialsProps) {
  const { user } = useSession();
  // Who reads decides the passed flags and (for premium courses) access: both are in the key.
  const who = user ? `${user.email}/${user.isPremium ? "premium" : "free"}` : "visitor";
  const list = useQuery(exercisesQuery(courseId, who));

  if (list.isPending) {
    return (
      <p className="trial-state" role="status">
        Summoning this topic's trial...
      </p>
    );
  }
  // 403: a premium course the reader cannot open (the lesson says so); 404: a course without trials.
  if (list.isError && list.error instanceof ApiError && (list.error.status === 403 || list.error.status === 404)) {
    return null;
  }
  if (list.isError) {
    return (
      <QueryError
        message={`The trials could not be loaded: ${list.error.message}`}
        onRetry={list.refetch}
        retrying={list.isFetching}
      />
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
