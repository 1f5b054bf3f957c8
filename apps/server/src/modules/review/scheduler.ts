import { type Card, createEmptyCard, fsrs, generatorParameters, Rating, type State } from "ts-fsrs";
import type { reviewCards } from "../../db/schema.js";

/**
 * FSRS through ts-fsrs (decision 0026). Short-term steps are off, so every interval is whole days:
 * a miss comes back the next day, never later the same day; no fuzz, so the same history always
 * gives the same date.
 */
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

const DAY_MS = 86_400_000;

/** The next UTC midnight after `now`: a card due before it is due today (the learner's day is the UTC day). */
export const endOfDay = (now: number) => (Math.floor(now / DAY_MS) + 1) * DAY_MS;

type Row = typeof reviewCards.$inferSelect;
/** The columns of review_cards that hold ts-fsrs's Card. */
export type CardColumns = Pick<
  Row,
  | "due"
  | "stability"
  | "difficulty"
  | "elapsedDays"
  | "scheduledDays"
  | "learningSteps"
  | "reps"
  | "lapses"
  | "state"
  | "lastReview"
>;

const toCard = (c: CardColumns): Card => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsed_days: c.elapsedDays,
  scheduled_days: c.scheduledDays,
  learning_steps: c.learningSteps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state as State,
  ...(c.lastReview ? { last_review: c.lastReview } : {}),
});

const toColumns = (card: Card): CardColumns => ({
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsed_days,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  lastReview: card.last_review ?? null,
});

/** A card for an item just missed: a new card rated Again at `now`. */
export function missedCard(now: number): CardColumns {
  const at = new Date(now);
  return toColumns(scheduler.next(createEmptyCard(at), at, Rating.Again).card);
}

/** The card after a review at `now`: Good when recalled, Again when not. */
export function reviewed(card: CardColumns, recalled: boolean, now: number): CardColumns {
  return toColumns(scheduler.next(toCard(card), new Date(now), recalled ? Rating.Good : Rating.Again).card);
}
