import type { ReviewTrial } from "@koc/shared";
import { Shield } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";

/** Due trials: each opens in its lesson from the starter code; submitting it is the review. */
export function ReviewTrials({ trials }: { trials: readonly ReviewTrial[] }) {
  return (
    <section aria-labelledby="review-trials-title" className="review-section">
      <h2 id="review-trials-title">Trials to try again ({trials.length})</h2>
      <p>
        Each opens from its starter code. Pass it on your own and it comes back later; fail and it returns tomorrow.
      </p>
      <ul className="review-trials">
        {trials.map((t) => (
          <li key={t.cardId} className="card review-trial">
            <Shield aria-hidden="true" size={18} />
            <span>
              <strong>{t.title}</strong>
              <br />
              <span className="review-from">{t.courseTitle}</span>
            </span>
            <Link
              className="btn btn-outline btn-small"
              to={paths.trialFromStarter(t.courseId, t.materialId, t.exerciseId)}
            >
              Open from the starter code<span className="visually-hidden">: {t.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
