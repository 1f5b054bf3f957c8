import { reviewDeck } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";

/**
 * GET /api/review: the signed-in learner's cards due today (the dashboard's count and the review
 * session share it). `who` keys the cache per learner.
 */
export const reviewDeckQuery = (who: string) =>
  queryOptions({
    queryKey: ["review", who],
    queryFn: ({ signal }) => api("/review", { schema: reviewDeck, signal }),
  });

/** The key of every learner's deck, for invalidating after a review or a graded quiz. */
export const REVIEW_KEY = ["review"] as const;

/** A due date as the review screens say it ("Thursday, 12 March"): the deck's day is the UTC day. */
export const reviewDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** What an empty deck says after "Nothing to review today.": when the next card comes back, if one will. */
export const nextCardSentence = (nextDueAt: string | null | undefined, otherwise = "") =>
  nextDueAt ? ` The next card comes back on ${reviewDay(nextDueAt)}.` : otherwise;
