import type { ReviewAnswerResult, ReviewDeck, ReviewQuestion, ReviewTrial } from "@koc/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { exercises, reviewCards } from "../../db/schema.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type CatalogueService, mayOpen } from "../catalogue/service.js";
import { grade, type KeyedQuestion } from "../quiz/grading.js";
import { reviewIfDue } from "./deck.js";
import { endOfDay } from "./scheduler.js";

export const CARD_NOT_FOUND = "Review card not found";
export const TRIAL_CARD = "A trial is reviewed by submitting it: open it from its starter code in the review session.";
export const QUESTION_GONE = "This question is no longer in the course.";
export const PREMIUM_REVIEW = "This question belongs to a premium lesson. Upgrade to Lifetime Premium to review it.";
export const ALREADY_ANSWERED = "This card was answered a moment ago; it is not due again today.";
export const notDueYet = (due: Date) =>
  `This card is not due yet: it comes back on ${due.toISOString().slice(0, 10)} (UTC).`;

type Row = typeof reviewCards.$inferSelect;
type Learner = { id: string; isPremium: boolean };
type Trial = Pick<typeof exercises.$inferSelect, "id" | "title" | "language" | "materialId">;

/** A card as the learner may meet it now: its question (with the key, kept here) or its trial; or why not. */
type Resolved =
  | { status: "question"; question: KeyedQuestion & { question: string }; from: string; courseTitle: string }
  | { status: "trial"; trial: Trial; courseTitle: string }
  | { status: "gone" }
  | { status: "locked" };

/** The review deck: what is due today, and the server's grade of a due quiz card (decision 0026). */
export function createReviewService({ db, catalogue }: { db: DbOrTx; catalogue: CatalogueService }) {
  async function lessonOf(materialId: string): Promise<KeyedQuestion["lesson"]> {
    const found = await catalogue.lessonWithAnswers(materialId).catch(() => null);
    return found ? { courseId: found.lesson.courseId, materialId, title: found.lesson.title } : null;
  }

  async function resolveQuestion(card: Row, learner: Learner): Promise<Resolved> {
    const course = await catalogue.getCourse(card.courseId).catch(() => null);
    if (!course || card.questionIndex === null) return { status: "gone" };
    if (card.materialId === null) {
      // The course quiz, like the quiz panel: a premium course's only for premium learners.
      const quiz = await catalogue.courseQuizWithAnswers(card.courseId).catch(() => null);
      const q = quiz?.questions[card.questionIndex];
      if (!q || q.question !== card.prompt) return { status: "gone" };
      if (course.access === "premium" && !learner.isPremium) return { status: "locked" };
      const question = { ...q, lesson: await lessonOf(q.lesson) };
      return { status: "question", question, from: "Course quiz", courseTitle: course.title };
    }
    const found = await catalogue.lessonWithAnswers(card.materialId).catch(() => null);
    const q = found?.lesson.quiz[card.questionIndex];
    if (!found || !q || q.question !== card.prompt) return { status: "gone" };
    if (!mayOpen(found.access, found.lesson.position, learner)) return { status: "locked" };
    const lesson = { courseId: found.lesson.courseId, materialId: found.lesson._id, title: found.lesson.title };
    return { status: "question", question: { ...q, lesson }, from: found.lesson.title, courseTitle: course.title };
  }

  async function resolve(card: Row, learner: Learner, trials: Map<string, Trial>): Promise<Resolved> {
    if (card.kind === "quiz") return resolveQuestion(card, learner);
    const trial = card.exerciseId ? trials.get(card.exerciseId) : undefined;
    const course = await catalogue.getCourse(card.courseId).catch(() => null);
    const lesson = trial ? await catalogue.lessonWithAnswers(trial.materialId).catch(() => null) : null;
    if (!trial || !course || !lesson) return { status: "gone" };
    if (!mayOpen(lesson.access, lesson.lesson.position, learner)) return { status: "locked" };
    return { status: "trial", trial, courseTitle: course.title };
  }

  async function trialsOf(cards: Row[]): Promise<Map<string, Trial>> {
    const ids = cards.flatMap((c) => (c.exerciseId ? [c.exerciseId] : []));
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: exercises.id,
        title: exercises.title,
        language: exercises.language,
        materialId: exercises.materialId,
      })
      .from(exercises)
      .where(inArray(exercises.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  return {
    /**
     * The learner's cards due today (before the next UTC midnight), questions without their key.
     * Cards the learner cannot open (a premium lesson without premium) or whose question has changed
     * are left out of the list and the count.
     */
    async deck(learner: Learner, now: number): Promise<ReviewDeck> {
      const dayEnd = endOfDay(now);
      const cards = await db
        .select()
        .from(reviewCards)
        .where(eq(reviewCards.userId, learner.id))
        .orderBy(asc(reviewCards.due), asc(reviewCards.id));
      const trials = await trialsOf(cards);
      const questions: ReviewQuestion[] = [];
      const dueTrials: ReviewTrial[] = [];
      let nextDueAt: Date | null = null;
      for (const card of cards) {
        const found = await resolve(card, learner, trials);
        if (found.status === "gone" || found.status === "locked") continue;
        if (card.due.getTime() >= dayEnd) {
          if (nextDueAt === null || card.due < nextDueAt) nextDueAt = card.due;
          continue;
        }
        if (found.status === "trial") {
          const { trial } = found;
          dueTrials.push({
            cardId: card.id,
            exerciseId: trial.id,
            title: trial.title,
            courseId: card.courseId,
            courseTitle: found.courseTitle,
            materialId: trial.materialId,
            language: trial.language,
          });
          continue;
        }
        questions.push({
          cardId: card.id,
          courseId: card.courseId,
          courseTitle: found.courseTitle,
          materialId: card.materialId,
          from: found.from,
          question: found.question.question,
          options: found.question.options,
        });
      }
      return {
        dueToday: questions.length + dueTrials.length,
        dayEndsAt: new Date(dayEnd).toISOString(),
        nextDueAt: nextDueAt ? nextDueAt.toISOString() : null,
        questions,
        trials: dueTrials,
      };
    },

    /**
     * Grades the answer to a due quiz card against the content's key: Good when right, Again when
     * wrong. 404 for a card that is not the learner's, 409 for a trial card or one not due today.
     */
    async answer(learner: Learner, cardId: string, answer: number, now: number): Promise<ReviewAnswerResult> {
      const [card] = await db
        .select()
        .from(reviewCards)
        .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, learner.id)));
      if (!card) throw new NotFoundError(CARD_NOT_FOUND);
      if (card.kind === "trial") throw new ConflictError(TRIAL_CARD);
      const found = await resolveQuestion(card, learner);
      if (found.status === "gone" || found.status === "trial") throw new NotFoundError(QUESTION_GONE);
      if (found.status === "locked") throw new ForbiddenError(PREMIUM_REVIEW);
      if (card.due.getTime() >= endOfDay(now)) throw new ConflictError(notDueYet(card.due));
      // One question graded like a quiz: right shows the key, wrong teaches without naming it.
      const graded = grade([answer], [found.question]);
      const after = await reviewIfDue(db, { userId: learner.id, cardId }, graded.passed, now);
      if (!after) throw new ConflictError(ALREADY_ANSWERED);
      const [result] = graded.results;
      return { ...result, correct: graded.passed, nextDueAt: after.due.toISOString() };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
