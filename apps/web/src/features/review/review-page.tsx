import type { ReviewDeck } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/query-state";
import { paths } from "../../lib/paths";
import { nextCardSentence, reviewDeckQuery } from "../../lib/review-api";
import { useSession } from "../../lib/session";
import { ReviewQuestionCard } from "./components/review-question";
import { ReviewTrials } from "./components/review-trials";
import "./review.css";

export default function ReviewPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <section className="container page review-page">
        <h1>Review</h1>
        <p>Log in to review the questions and trials you missed.</p>
        <Link to={paths.login} className="btn">
          Login
        </Link>
      </section>
    );
  }
  return <ReviewDeckView who={user.email} />;
}

/** The review session: due questions one at a time, then the due trials. The server decides what is due. */
function ReviewDeckView({ who }: { who: string }) {
  const deck = useQuery(reviewDeckQuery(who));
  return (
    <section className="container page review-page" aria-labelledby="review-page-title">
      <h1 id="review-page-title">Review</h1>
      <p className="review-intro">
        What you missed comes back here: a question answered wrongly, a trial failed or solved with help. "Today" is the
        UTC day.
      </p>
      {deck.isPending ? (
        <p role="status">Gathering what to review...</p>
      ) : deck.isError ? (
        <QueryError message="Your review deck could not be loaded." onRetry={deck.refetch} retrying={deck.isFetching} />
      ) : deck.data.dueToday === 0 ? (
        <p className="empty-state" data-testid="review-empty">
          Nothing to review today.
          {nextCardSentence(deck.data.nextDueAt)} <Link to={paths.dashboard}>Back to the dashboard</Link>
        </p>
      ) : (
        <ReviewSession deck={deck.data} />
      )}
    </section>
  );
}

/** Keeps the questions it started with, so answering (which reschedules a card) does not reshuffle the session. */
function ReviewSession({ deck }: { deck: ReviewDeck }) {
  const [questions] = useState(deck.questions);
  const [at, setAt] = useState(0);
  const current = questions[at];
  return (
    <>
      {questions.length > 0 && (
        <section aria-labelledby="review-questions-title" className="review-section">
          <h2 id="review-questions-title">Questions ({questions.length})</h2>
          {current ? (
            <ReviewQuestionCard
              key={current.cardId}
              card={current}
              position={`Question ${at + 1} of ${questions.length}`}
              last={at === questions.length - 1}
              onNext={() => setAt((i) => i + 1)}
            />
          ) : (
            <p className="empty-state" role="status">
              Every question of today is answered. <Link to={paths.dashboard}>Back to the dashboard</Link>
            </p>
          )}
        </section>
      )}
      {deck.trials.length > 0 && <ReviewTrials trials={deck.trials} />}
    </>
  );
}
