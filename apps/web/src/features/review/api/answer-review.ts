import { type ReviewAnswerRequest, reviewAnswerResult } from "@koc/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { REVIEW_KEY } from "../../../lib/review-api";

/** POST /api/review/{cardId}/answer: the server grades the answer against the key and reschedules the card. */
export const answerReview = (cardId: string, body: ReviewAnswerRequest) =>
  api(`/review/${encodeURIComponent(cardId)}/answer`, { method: "POST", body, schema: reviewAnswerResult });

/**
 * Answers one card. The deck is marked stale but not refetched while the session runs (the session
 * keeps the list it started with); the dashboard reads the new count when it next shows.
 */
export function useAnswerReview(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["review", "answer", cardId],
    mutationFn: (answer: number) => answerReview(cardId, { answer }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REVIEW_KEY, refetchType: "none" }),
  });
}
