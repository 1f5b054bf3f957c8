import { useQuery } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { Link } from "react-router";
import { QueryError } from "../../../components/query-state";
import { paths } from "../../../lib/paths";
import { nextCardSentence, reviewDeckQuery } from "../../../lib/review-api";

/**
 * The dashboard's review deck (counted on the server): "Review today (N)" linking to the session,
 * or "Nothing to review today" with when the next card comes back.
 */
export function ReviewToday({ email }: { email: string }) {
  const deck = useQuery(reviewDeckQuery(email));
  return (
    <section aria-labelledby="review-title" className="dashboard-section review-today">
      <h2 id="review-title">
        <RotateCcw aria-hidden="true" size={20} /> Review
      </h2>
      {deck.isPending ? (
        <p role="status">Counting what to review...</p>
      ) : deck.isError ? (
        <QueryError message="Your review deck could not be loaded." onRetry={deck.refetch} retrying={deck.isFetching} />
      ) : deck.data.dueToday === 0 ? (
        <p className="empty-state" data-testid="review-today">
          Nothing to review today.
          {nextCardSentence(deck.data.nextDueAt, " Questions you miss and trials you fail come back here a day later.")}
        </p>
      ) : (
        <p>
          <Link to={paths.review} className="btn" data-testid="review-today">
            Review today ({deck.data.dueToday})
          </Link>
        </p>
      )}
    </section>
  );
}
