import { useQuery } from "@tanstack/react-query";
import { Shield } from "lucide-react";
import { Link } from "react-router";
import { coursesQuery } from "../../../lib/catalogue-api";
import { paths } from "../../../lib/paths";
import { passedTrialsQuery } from "../api/get-passed";
import "../trials.css";
import { QueryError } from "../../../components/query-state";

/** The dashboard's trials passed per course (GET /api/exercises/passed), titles from the catalogue. */
export function TrialsPassed({ email }: { email: string }) {
  const query = useQuery(passedTrialsQuery(email));
  const courses = useQuery(coursesQuery());
  const titles = new Map((courses.data ?? []).map((c) => [c._id, c.title]));
  const rows = (query.data ?? []).filter((r) => r.total > 0);
  const conquered = rows.reduce((n, r) => n + r.passed, 0);
  return (
    <section aria-labelledby="trials-title" className="dashboard-section">
      <h2 id="trials-title">Trials Passed</h2>
      {query.isPending ? (
        <p role="status">Loading your trials...</p>
      ) : query.isError ? (
        <QueryError message="We could not load your trials." onRetry={query.refetch} retrying={query.isFetching} />
      ) : rows.length === 0 ? (
        <p className="empty-state">No trials in the kingdom yet. The royal scribes are forging them.</p>
      ) : (
        <>
          {conquered === 0 && (
            <p className="empty-state">
              No trial conquered yet. Every topic's trial waits after its Knowledge Check: write the code, pass the
              cases, earn the xp.
            </p>
          )}
          <ul className="trials-passed-list">
            {rows.map((r) => {
              const title = titles.get(r.courseId) ?? r.courseId;
              return (
                <li key={r.courseId} className="card trials-passed-item">
                  <h3>
                    <Shield aria-hidden="true" size={18} /> {title}
                  </h3>
                  <p className="trials-passed-count" data-testid={`trials-passed-${r.courseId}`}>
                    {r.passed} of {r.total} trials passed
                  </p>
                  <div
                    className="trials-bar"
                    role="progressbar"
                    aria-label={`Trials passed in ${title}`}
                    aria-valuemin={0}
                    aria-valuemax={r.total}
                    aria-valuenow={r.passed}
                  >
                    <div className="trials-bar-fill" style={{ width: `${Math.round((r.passed / r.total) * 100)}%` }} />
                  </div>
                  <Link
                    to={paths.course(r.courseId)}
                    className="btn btn-outline"
                    aria-label={`Open the ${title} trials`}
                  >
                    Face the trials
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
